import "./flows.css";
import { Suspense, use, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { messages } from "../../api/messages.ts";
import { activeStateIds, type FlowDocument, type FlowPath } from "../../machines/flows/flowModel.ts";
import { flowsViewerMachine } from "../../machines/flows/flowsViewer.machine.ts";
import { ErrorBanner } from "../shared/ErrorBanner.tsx";
import { PageTitle } from "../shared/PageTitle.tsx";
import { Spinner } from "../shared/Spinner.tsx";
import { type DescribeFlow, flowDescriptions, flowIds, loadFlowDocument } from "./flowDocuments.ts";
import { type FlowLayout, layoutFlow, type PlacedTransition, transitionLabel } from "./flowLayout.ts";
import { useFlowMachine } from "../shared/useFlow.ts";
import { GuardRefusals } from "./GuardRefusals.tsx";
import { ColumnHeads } from "../shared/ColumnHeads.tsx";

const first = flowIds[0] ?? "";

/** The page reads docs/flows (written by `npm run flows`), never the machines' fixtures. */
const viewerLogic = flowsViewerMachine.provide({
  actors: { loadFlow: fromPromise(({ input }) => loadFlowDocument(input.machineId)) },
});

const stepLabel = (type: string): string =>
  type === "xstate.init"
    ? "start"
    : type.replace(/^xstate\.done\.actor\./, "done: ").replace(/^xstate\.error\.actor\./, "error: ");

/** `1. [mode: { kind: "list" }] done: fetchList → item.delete`: the input only when there are several. */
const pathLabel = (path: FlowPath, index: number, showInput: boolean): string => {
  const steps = path.steps.slice(1).map((step) => stepLabel(step.event)).join(" → ") || "start";
  return `${index + 1}. ${showInput && path.input !== "" ? `[${path.input}] ` : ""}${steps}`;
};

/** A smooth line through dagre's bend points. */
const pathOf = (points: PlacedTransition["points"]): string => {
  const [start, ...rest] = points;
  if (!start) return "";
  if (rest.length === 0) return `M${start.x},${start.y}`;
  const segments = rest.map((point, index) => {
    const previous = points[index] ?? start;
    const midX = (previous.x + point.x) / 2;
    const midY = (previous.y + point.y) / 2;
    return index === rest.length - 1 ? `Q${previous.x},${previous.y} ${point.x},${point.y}` : `Q${previous.x},${previous.y} ${midX},${midY}`;
  });
  return `M${start.x},${start.y} ${segments.join(" ")}`;
};

/**
 * /panel/flows: every machine of the panel and of the server's rules drawn as a state diagram in
 * the browser (no outside service), with a player that walks one of the generated test paths.
 */
export default function FlowsView() {
  const { t, i18n } = useTranslation();
  // asked for while the machine's documents load, so neither waits for the other
  const descriptions = flowDescriptions(i18n.language);
  const [snapshot, send] = useFlowMachine(viewerLogic, { input: { machineId: first } });
  const { machineId, flow, pathIndex, stepIndex } = snapshot.context;
  const diagram = useMemo(() => (flow ? layoutFlow(flow.model) : null), [flow]);
  const paths = flow?.paths ?? [];
  const severalInputs = new Set(paths.map((candidate) => candidate.input)).size > 1;

  const path = pathIndex === null ? null : (paths[pathIndex] ?? null);
  const step = path?.steps[stepIndex] ?? null;
  const active = new Set(flow && step ? activeStateIds(flow.model, step.state) : []);
  const playing = snapshot.matches({ ready: "playing" });
  // a step back or on, offered while the path has one
  const stepButton = (type: "path.previous" | "path.next", label: string) => (
    <button type="button" className="secondary outline" disabled={!snapshot.can({ type })} onClick={() => send({ type })}>
      {label}
    </button>
  );

  return (
    <section aria-labelledby="page-title" className="flows">
      <PageTitle title={t("flows.title")} />
      <p>{t("flows.intro")}</p>
      <div className="flows-controls">
        <label>
          {t("flows.machine")}
          <select value={machineId} onChange={(event) => send({ type: "flow.choose", machineId: event.target.value })}>
            {flowIds.map((id) => (
              <option key={id} value={id}>
                {id}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("flows.path")}
          <select
            value={pathIndex === null ? "" : String(pathIndex)}
            disabled={flow === null}
            onChange={(event) => {
              if (event.target.value === "") send({ type: "path.clear" });
              else send({ type: "path.choose", index: Number(event.target.value) });
            }}
          >
            <option value="">{t("flows.noPath")}</option>
            {paths.map((candidate, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: generated paths have no identity but their order
              <option key={index} value={index}>
                {pathLabel(candidate, index, severalInputs)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {path !== null && (
        <fieldset className="flows-player" aria-label={t("flows.player")}>
          {stepButton("path.previous", t("flows.previous"))}
          {playing ? (
            <button type="button" onClick={() => send({ type: "path.pause" })}>
              {t("flows.pause")}
            </button>
          ) : (
            <button type="button" onClick={() => send({ type: "path.play" })}>
              {t("flows.play")}
            </button>
          )}
          {stepButton("path.next", t("flows.next"))}
          <output aria-live="polite">
            {t("flows.step", { step: stepIndex + 1, steps: path.steps.length })}: <code>{stepLabel(step?.event ?? "")}</code>
            {step?.summary ? <small> ({step.summary})</small> : null} → <strong>{JSON.stringify(step?.state)}</strong>
          </output>
        </fieldset>
      )}
      {snapshot.hasTag("loading") && <Spinner />}
      <ErrorBanner message={snapshot.matches("failed") ? messages.serverError : null} />
      {flow !== null && diagram !== null && (
        <Suspense fallback={<Spinner />}>
          <FlowDiagram machineId={machineId} flow={flow} diagram={diagram} active={active} descriptions={descriptions} />
        </Suspense>
      )}
    </section>
  );
}

/** The diagram with the active states highlighted, and the table of transitions, described in the page's language. */
function FlowDiagram({
  machineId,
  flow,
  diagram,
  active,
  descriptions,
}: {
  readonly machineId: string;
  readonly flow: FlowDocument;
  readonly diagram: FlowLayout;
  readonly active: ReadonlySet<string>;
  readonly descriptions: Promise<DescribeFlow>;
}) {
  const { t } = useTranslation();
  const describe = use(descriptions);
  const { model } = flow;
  return (
    <>
      <p className="flows-description">{describe(model.description)}</p>
      <div className="flows-canvas">
        <svg
          role="img"
          aria-label={t("flows.diagram", { machine: machineId })}
          width={diagram.width}
          height={diagram.height}
          viewBox={`0 0 ${diagram.width} ${diagram.height}`}
          preserveAspectRatio="xMinYMin meet"
          // it shrinks to the page's width, but not below 60 %: a wider machine scrolls in its box
          style={{ minWidth: Math.round(diagram.width * 0.6) }}
        >
          <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className="flows-arrowhead" />
            </marker>
          </defs>
          {diagram.transitions.map((edge) => (
            <g key={edge.key} className="flows-edge">
              {edge.loop !== null ? (
                <path d={edge.loop} markerEnd="url(#arrow)" />
              ) : (
                edge.points.length > 0 && <path d={pathOf(edge.points)} markerEnd="url(#arrow)" />
              )}
              {!edge.key.startsWith("initial:") && (
                <text x={edge.labelX} y={edge.labelY} textAnchor="middle" dominantBaseline="middle">
                  <title>{describe(edge.transition.description)}</title>
                  {edge.label}
                </text>
              )}
            </g>
          ))}
          {diagram.states.map((state) => (
            <g
              key={state.id}
              className={`flows-state${active.has(state.id) ? " active" : ""}${state.final ? " final" : ""}${state.compound ? " compound" : ""}`}
            >
              <title>{describe(state.description)}</title>
              <rect
                x={state.x - state.width / 2}
                y={state.y - state.height / 2}
                width={state.width}
                height={state.height}
                rx="8"
              />
              <text x={state.x} y={state.y} textAnchor="middle" dominantBaseline="middle">
                {state.label}
              </text>
            </g>
          ))}
        </svg>
      </div>
      <h2>{t("flows.transitions")}</h2>
      <div className="flows-table">
        <table>
          <ColumnHeads labels={[t("flows.from"), t("flows.event"), t("flows.to"), t("flows.meaning")]} />
          <tbody>
            {model.transitions.map((transition, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one row per declared branch, in declaration order
              <tr key={index}>
                <td>{transition.source.split(".").slice(1).join(".")}</td>
                <td>
                  <code>{transitionLabel(transition)}</code>
                </td>
                <td>{transition.targets.map((target) => target.split(".").slice(1).join(".")).join(", ") || "—"}</td>
                <td>{describe(transition.description)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {model.transitions.some((transition) => transition.guard !== null && transition.refusal !== null) && (
        <GuardRefusals key={model.id} machine={model.id} transitions={model.transitions} />
      )}
    </>
  );
}
