import "./history.css";
import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { departureRefusalsMachine } from "../../machines/departures/departureRefusals.machine.ts";
import { useChanges } from "../shared/changes.ts";
import { Loaded } from "../shared/Loaded.tsx";
import { useServices } from "../shared/context.ts";
import { flowDescriptions } from "../flows/flowDocuments.ts";
import { formatDateTime } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { RefusalExplanation } from "./RefusalWhy.tsx";
import { ColumnHeads } from "../shared/ColumnHeads.tsx";

/**
 * A departure's recent refused commands on its page (decision 071): who, when, the command, the
 * guard and the rule in the reader's language; one opened shows what the server kept of it (the
 * facts). The server answers an agency user its own agency's only. `lastRefusalId` is the refusal
 * of the hold refused last on this page, if any.
 */
export function DepartureRefusals({ id, lastRefusalId }: { readonly id: number; readonly lastRefusalId: number | null }) {
  const { t, i18n } = useTranslation();
  const { client } = useServices();
  const actor = useFlowActor(departureRefusalsMachine, {
    input: { client, cruiseId: id, describe: async (english: string) => (await flowDescriptions(i18n.language))(english) },
  });
  const page = useSelector(actor, (snapshot) => snapshot.context.page);
  const opened = useSelector(actor, (snapshot) => snapshot.context.opened);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  // someone else's refused command changes nothing: the departure's berths changing is when to look again
  useChanges(
    (change) => change.kind === "departure" && change.cruiseId === id,
    () => actor.send({ type: "refusals.reload" }),
  );
  // a hold refused on this page is kept as a refusal, which changes no berth: it is listed at once
  useEffect(() => {
    if (lastRefusalId !== null) actor.send({ type: "refusals.reload" });
  }, [actor, lastRefusalId]);
  const refusals = page?.refusals ?? [];
  return (
    <section className="departure-refusals" aria-labelledby="departure-refusals-title">
      <h2 id="departure-refusals-title">{t("cruises.refusals.title")}</h2>
      <Loaded error={error} failed={failed} content={page} onRetry={() => actor.send({ type: "retry" })} retryLabel={t("cruises.refusals.retry")}>
        {() =>
          refusals.length === 0 ? (
            <p className="muted">{t("cruises.refusals.none")}</p>
          ) : (
            <>
              <p className="muted">{t("cruises.refusals.recent", { count: refusals.length, total: page?.total ?? refusals.length })}</p>
              <div className="refusals-table">
                <table>
                  <ColumnHeads
                    labels={[
                      t("cruises.refusals.when"),
                      t("cruises.refusals.who"),
                      t("cruises.refusals.commandAndGuard"),
                      t("cruises.refusals.rule"),
                      t("cruises.refusals.facts"),
                    ]}
                  />
                  <tbody>
                    {refusals.map(({ refusal, rule }) => (
                      <tr key={refusal.id}>
                        <th scope="row" className="nowrap">
                          {formatDateTime(refusal.at)}
                        </th>
                        <td>{refusal.caller.agencyName === null ? refusal.caller.name : `${refusal.caller.name} (${refusal.caller.agencyName})`}</td>
                        <td>
                          <code>{refusal.command}</code>
                          <br />
                          <code>{refusal.guard}</code>
                        </td>
                        <td className="refusal-rule">{rule}</td>
                        <td>
                          <button
                            type="button"
                            className="secondary outline"
                            aria-expanded={opened === refusal.id}
                            aria-controls={opened === refusal.id ? "departure-refusal-opened" : undefined}
                            onClick={() => actor.send(opened === refusal.id ? { type: "refusal.close" } : { type: "refusal.open", id: refusal.id })}
                          >
                            {opened === refusal.id ? t("cruises.refusals.hideFacts") : t("cruises.refusals.showFacts")}
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              {/* below the table, not in it: the facts are wide and would widen every column */}
              {opened !== null && (
                <div id="departure-refusal-opened">
                  <RefusalExplanation key={opened} refusalId={opened} />
                </div>
              )}
            </>
          )
        }
      </Loaded>
    </section>
  );
}
