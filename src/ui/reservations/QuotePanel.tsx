import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { ActorRefFrom } from "xstate";
import type { draftQuoteMachine } from "../../machines/reservations/draftQuote.machine.ts";
import { translateMessage } from "../../i18n/messages.ts";
import { PriceBreakdown } from "./PriceBreakdown.tsx";

/**
 * The quote beside the hold form (below it on a phone): the draft's price as it is edited, part
 * by part, from the draft's quote machine; the last quote stays, marked as being updated, while a
 * newer draft is priced, and a refusal shows in the reader's language.
 */
export function QuotePanel({
  actor,
  cabinName,
  spaceTypeName,
}: {
  readonly actor: ActorRefFrom<typeof draftQuoteMachine>;
  readonly cabinName: (id: number) => string;
  readonly spaceTypeName: (id: number) => string;
}) {
  const { t } = useTranslation();
  const quote = useSelector(actor, (snapshot) => snapshot.context.quote);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const empty = useSelector(actor, (snapshot) => snapshot.matches("empty"));
  const updating = useSelector(actor, (snapshot) => snapshot.hasTag("updating"));
  return (
    <aside className="quote-panel" aria-labelledby="quote-title" aria-busy={updating}>
      <h2 id="quote-title">{t("quote.title")}</h2>
      <p className="quote-status muted" aria-live="polite">
        {empty ? t("quote.pickSpaces") : updating ? t("quote.updating") : ""}
      </p>
      {error !== null && !updating && (
        <p className="field-problem" role="alert">
          {translateMessage(t, error)}
        </p>
      )}
      {quote !== null && !empty && (
        <div className={updating ? "quote-stale" : undefined}>
          <PriceBreakdown lines={quote.lines} sums={quote} cabinName={cabinName} spaceTypeName={spaceTypeName} label={t("quote.title")} />
        </div>
      )}
    </aside>
  );
}
