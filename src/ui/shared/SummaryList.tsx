import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A record's facts as labelled values (a departure's, a reservation's, its account's): each label a text key, each value as shown. */
export function SummaryList({ entries, className }: { readonly entries: ReadonlyArray<readonly [string, ReactNode]>; readonly className: string }) {
  const { t } = useTranslation();
  return (
    <dl className={className}>
      {entries.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
