import type { ReactNode } from "react";
import { agencies } from "../../records/referenceData.ts";
import { StatementDownload } from "../money/StatementDownload.tsx";

/**
 * What a catalogue's page shows under its item's form, by the catalogue's key: an agency's
 * statement for a period (decision 068). The generic form names no catalogue; this table does.
 */
const asides: Readonly<Record<string, (id: number) => ReactNode>> = {
  [agencies.key]: (id) => <StatementDownload agencyId={id} />,
};

/** The section under an existing item's form, or nothing. */
export const recordAside = (catalogueKey: string, id: number | null): ReactNode => (id === null ? null : (asides[catalogueKey]?.(id) ?? null));
