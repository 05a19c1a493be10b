import "./history.css";
import { useSelector } from "@xstate/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type { TimelineEvent } from "../../api/timeline.ts";
import { departureTimelineMachine } from "../../machines/departures/departureTimeline.machine.ts";
import { useChanges } from "../shared/changes.ts";
import { Loaded } from "../shared/Loaded.tsx";
import { ReportChart } from "../reports/ReportChart.tsx";
import { useServices } from "../shared/context.ts";
import { formatDateTime } from "../leads/leadFormat.ts";
import { useFlowActor } from "../shared/useFlow.ts";
import { ColumnHeads } from "../shared/ColumnHeads.tsx";

/** The words of an event's type (`reservation.hold` -> `hold`), among cruises.timeline.event. */
const eventKeys: Readonly<Record<string, string>> = {
  "reservation.hold": "hold",
  "reservation.waitlist": "waitlist",
  "reservation.confirm": "confirm",
  "reservation.extend": "extend",
  "reservation.cancel": "cancel",
  "reservation.expire": "expire",
  "reservation.promote": "promote",
  "reservation.remind": "remind",
  "reservation.delete": "delete",
  "reservation.update": "update",
  "space.cancel": "spaceCancel",
  "space.assign": "spaceAssign",
  "cruise.schedule": "schedule",
  "cruise.edit": "edit",
  "cruise.cancel": "cruiseCancel",
};

/** The chart's colours: the berth plan's held and confirmed, and a third for waiting. */
const colours = { held: "#e9a23b", confirmed: "#2e7d4f", waiting: "#7b6fd0" };

/**
 * A departure's timeline on its page (staff): its held, confirmed and waiting berths after each
 * moment, as a chart and as the table beside it (what a screen reader reads), each moment with its
 * marks and, opened, the events behind it (who, what, when).
 */
export function DepartureTimeline({ id, code }: { readonly id: number; readonly code: string }) {
  const { t } = useTranslation();
  const { client } = useServices();
  const actor = useFlowActor(departureTimelineMachine, { input: { client, cruiseId: id } });
  const timeline = useSelector(actor, (snapshot) => snapshot.context.timeline);
  const selected = useSelector(actor, (snapshot) => snapshot.context.selected);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const failed = useSelector(actor, (snapshot) => snapshot.matches("failed"));
  useChanges(
    (change) => change.kind === "departure" && change.cruiseId === id,
    () => actor.send({ type: "timeline.reload" }),
  );
  const eventText = (event: TimelineEvent): string => {
    const key = eventKeys[event.type];
    const what = key === undefined ? event.type : t(`cruises.timeline.event.${key}`);
    const who = event.actor === null ? t("cruises.timeline.byServer") : t("cruises.timeline.by", { name: event.actor.name });
    return [what, event.reservationCode, who].filter((part) => part !== null).join(" · ");
  };
  const points = timeline?.points ?? [];
  return (
    <section className="departure-timeline" aria-labelledby="departure-timeline-title">
      <h2 id="departure-timeline-title">{t("cruises.timeline.title")}</h2>
      <Loaded error={error} failed={failed} content={timeline} onRetry={() => actor.send({ type: "retry" })} retryLabel={t("cruises.timeline.retry")}>
        {() =>
          points.length === 0 ? (
            <p className="muted">{t("cruises.timeline.none")}</p>
          ) : (
            <>
              <ReportChart
                label={t("cruises.timeline.chart", { code })}
                figures={{
                  labels: points.map((point) => formatDateTime(point.at)),
                  series: (["held", "confirmed", "waiting"] as const).map((state) => ({
                    label: t(`cruises.timeline.${state}`),
                    values: points.map((point) => point[state]),
                    colour: colours[state],
                  })),
                  stacked: true,
                  horizontal: false,
                }}
              />
              <div className="timeline-table">
                <table>
                  <caption className="visually-hidden">{t("cruises.timeline.chart", { code })}</caption>
                  <ColumnHeads
                    labels={[
                      t("cruises.timeline.moment"),
                      t("cruises.timeline.held"),
                      t("cruises.timeline.confirmed"),
                      t("cruises.timeline.waiting"),
                      t("cruises.timeline.free"),
                      t("cruises.timeline.marks"),
                      t("cruises.timeline.events"),
                    ]}
                  />
                  <tbody>
                    {points.map((point, index) => (
                      <Fragment key={point.at}>
                        <tr>
                          <th scope="row" className="nowrap">
                            {formatDateTime(point.at)}
                          </th>
                          <td>{point.held}</td>
                          <td>{point.confirmed}</td>
                          <td>{point.waiting}</td>
                          <td>{point.free}</td>
                          <td className="timeline-marks">{point.marks.map((mark) => t(`cruises.timeline.mark.${mark}`)).join(", ")}</td>
                          <td>
                            <button
                              type="button"
                              className="secondary outline"
                              aria-expanded={selected === index}
                              onClick={() => actor.send(selected === index ? { type: "point.close" } : { type: "point.select", index })}
                            >
                              {selected === index ? t("cruises.timeline.hideEvents") : t("cruises.timeline.showEvents")}
                            </button>
                          </td>
                        </tr>
                        {selected === index && (
                          <tr>
                            <td colSpan={7}>
                              <ul>
                                {point.events.map((event) => (
                                  <li key={event.id}>{`${formatDateTime(point.at)} · ${eventText(event)}`}</li>
                                ))}
                              </ul>
                            </td>
                          </tr>
                        )}
                      </Fragment>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )
        }
      </Loaded>
    </section>
  );
}
