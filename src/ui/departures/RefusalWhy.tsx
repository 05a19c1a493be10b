import "./history.css";
import { useSelector } from "@xstate/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { refusalWhyMachine } from "../../machines/departures/refusalWhy.machine.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { useServices } from "../shared/context.ts";
import { flowDescriptions } from "../flows/flowDocuments.ts";
import { formatDateTime } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";

/**
 * What the server kept of a refused command (decision 071): the guard that refused, the rule in the
 * reader's language (the flows' own descriptions), what the cabins asked for held and the facts the
 * rule read.
 */
function RefusalExplanation({ refusalId }: { readonly refusalId: number }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const actor = useFlowActor(refusalWhyMachine, {
    input: { client, refusalId, describe: async (english: string) => (await flowDescriptions(i18n.language))(english) },
  });
  const explained = useSelector(actor, (snapshot) => snapshot.context.explained);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  const loading = useSelector(actor, (snapshot) => snapshot.hasTag("loading"));
  if (loading) return <Spinner />;
  if (failed || explained === null) {
    return (
      <>
        <ErrorBanner message={error} />
        <button type="button" className="secondary" onClick={() => actor.send({ type: "retry" })}>
          {t("holds.why.retry")}
        </button>
      </>
    );
  }
  const { refusal, rule } = explained;
  return (
    <section className="refusal-why" aria-labelledby={`refusal-why-${refusal.id}`}>
      <h3 id={`refusal-why-${refusal.id}`}>{t("holds.why.title")}</h3>
      <p className="muted">{t("holds.why.when", { at: formatDateTime(refusal.at), name: refusal.caller.name })}</p>
      <dl>
        <dt>{t("holds.why.guard")}</dt>
        <dd>
          <code>{refusal.guard}</code>
        </dd>
        <dt>{t("holds.why.rule")}</dt>
        <dd>{rule}</dd>
        {refusal.cabins.length > 0 && (
          <>
            <dt>{t("holds.why.cabins")}</dt>
            <dd>
              <ul>
                {refusal.cabins.map((cabin) => (
                  <li key={cabin.cabinId}>
                    {`${t("holds.why.cabin", { name: cabin.cabinName })}: `}
                    {cabin.held.length === 0
                      ? t("holds.why.empty")
                      : cabin.held
                          .map((space) =>
                            t(space.reservationCode === null ? "holds.why.heldOther" : "holds.why.held", {
                              type: space.genderName,
                              state: t(`holds.spaceStates.${space.state}`),
                              code: space.reservationCode ?? "",
                            }),
                          )
                          .join("; ")}
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <details>
        <summary>{t("holds.why.facts")}</summary>
        <pre className="refusal-facts">{JSON.stringify(refusal.facts, null, 2)}</pre>
      </details>
    </section>
  );
}

/**
 * The "Why?" beside a refusal the server kept: it opens what the server kept of it, read only when
 * opened; a new refusal starts closed.
 */
export function RefusalWhy({ refusalId }: { readonly refusalId: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="refusal-why-link">
      <button type="button" className="secondary outline" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? t("holds.why.close") : t("holds.why.open")}
      </button>
      {open && <RefusalExplanation refusalId={refusalId} />}
    </div>
  );
}
