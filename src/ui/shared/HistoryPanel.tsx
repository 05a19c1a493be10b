import "./history.css";
import type { SyntheticEvent } from "react";
import { useTranslation } from "react-i18next";
import { formatCents } from "../../api/amounts.ts";
import type { HistoryEntry, HistoryStream } from "../../api/history.ts";
import { recordHistoryMachine } from "../../machines/shared/recordHistory.machine.ts";
import { useServices } from "./context.ts";
import { ErrorBanner } from "./ErrorBanner.tsx";
import { Spinner } from "./Spinner.tsx";
import { useFlowMachine } from "./useFlow.ts";
import { imageUrl } from "../catalogues/destinationFormat.ts";

const pad = (value: number) => String(value).padStart(2, "0");

/** Day/month/year and time, as staff read dates (SPEC.md section 9). */
const dateTime = (iso: string): string => {
  const date = new Date(iso);
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/** How a value reads: yes or no, a list of plain values joined, a list of records counted, a record's plain fields (its cents as US$). */
interface Wording {
  readonly yes: string;
  readonly no: string;
  readonly records: (count: number) => string;
  readonly cents: (cents: number) => string;
}

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

const valueText = (value: unknown, wording: Wording): string => {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? wording.yes : wording.no;
  // a list of records (a reservation's spaces or price lines) reads as how many: their fields are the record's own page
  if (Array.isArray(value)) return value.some(isRecord) ? wording.records(value.length) : value.map((item) => valueText(item, wording)).join(", ");
  if (isRecord(value)) {
    return Object.entries(value)
      .filter(([, field]) => !isRecord(field) && !Array.isArray(field))
      // a record's money is whole cents too (a reservation's price, decision 082)
      .map(([name, field]) => `${name}: ${name.endsWith("Cents") && typeof field === "number" ? wording.cents(field) : valueText(field, wording)}`)
      .join(" · ");
  }
  return String(value);
};

/** A stored image's path as the API answers it (decision 010): shown as the picture, not as text. */
const storedImagePath = /^uploads\/[a-z_]+\/[0-9a-f]{64}\.(?:webp|png|jpe?g|gif|avif)$/;

const isImagePath = (value: unknown): value is string => typeof value === "string" && storedImagePath.test(value);

/** One side of a change: the image(s) it names as thumbnails, any other value as text. */
function ChangeValue({ value, label, wording }: { readonly value: unknown; readonly label: string; readonly wording: Wording }) {
  const images = isImagePath(value) ? [value] : Array.isArray(value) && value.length > 0 && value.every(isImagePath) ? value : null;
  if (images === null) return <>{valueText(value, wording)}</>;
  return (
    <span className="history-thumbs">
      {images.map((path, index) => (
        <a key={path} href={imageUrl(path)} target="_blank" rel="noreferrer">
          <img src={imageUrl(path)} alt={images.length === 1 ? label : `${label} ${index + 1}`} loading="lazy" />
        </a>
      ))}
    </span>
  );
}

/** The collapsible 'Historial' of an edit screen: who changed the record, when, and what. */
export function HistoryPanel({ stream, id }: { readonly stream: HistoryStream; readonly id: number | string }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const [snapshot, send] = useFlowMachine(recordHistoryMachine, { input: { client, stream, id } });
  const { entries, error } = snapshot.context;
  const wording: Wording = {
    yes: t("history.yes"),
    no: t("history.no"),
    records: (count) => t("history.records", { count }),
    cents: (cents) => formatCents(cents, i18n.language),
  };

  const toggle = (event: SyntheticEvent<HTMLDetailsElement>) =>
    send({ type: event.currentTarget.open ? "recordHistory.open" : "recordHistory.close" });

  const title = (entry: HistoryEntry) => t(`history.types.${entry.type}`, { defaultValue: entry.type });
  // a catalogue's amount is kept as `<detail>Cents` (decision 088): labelled as its detail
  const field = (name: string) => t([`history.fields.${name}`, `detail.${name}`, `detail.${name.replace(/Cents$/, "")}`], { defaultValue: name });
  // money is stored in whole cents (`...Cents`, decision 062): it reads as US$
  const shown = (name: string, value: unknown): unknown => (name.endsWith("Cents") && typeof value === "number" ? formatCents(value, i18n.language) : value);
  const author = (entry: HistoryEntry) =>
    entry.actor === null ? t("history.system") : `${entry.actor.firstName} ${entry.actor.lastName}`.trim();

  return (
    <details className="history" onToggle={toggle}>
      <summary>{t("history.title")}</summary>
      {snapshot.hasTag("fetching") && <Spinner />}
      <ErrorBanner message={error} />
      {snapshot.matches("failed") && (
        <button type="button" className="secondary outline" onClick={() => send({ type: "recordHistory.reload" })}>
          {t("history.retry")}
        </button>
      )}
      {snapshot.matches("open") && (
        <ol className="history-entries">
          {entries.map((entry) => (
            <li key={entry.version}>
              <p>
                <strong>{title(entry)}</strong> · <time dateTime={entry.occurredAt}>{dateTime(entry.occurredAt)}</time> ·{" "}
                {author(entry)}
              </p>
              {entry.changes.length > 0 && (
                <ul>
                  {entry.changes.map((change) => (
                    <li key={change.field}>
                      {field(change.field)}:{" "}
                      <ChangeValue value={shown(change.field, change.before)} label={field(change.field)} wording={wording} /> →{" "}
                      <ChangeValue value={shown(change.field, change.after)} label={field(change.field)} wording={wording} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
