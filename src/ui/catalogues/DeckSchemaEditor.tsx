import "./deckSchema.css";
import { type CSSProperties, type KeyboardEvent, type PointerEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { imageUrl } from "../../api/images.ts";
import { CABIN_COLUMNS, CABIN_ROWS, MAX_CABIN_X, MAX_CABIN_Y, PLAN_COLUMNS, PLAN_ROWS } from "../../api/yachtPages.ts";
import { type CabinPosition, moveCabin, overlapping, type PlanCabin, type PlanDeck, placeCabins } from "../reservations/deckPlan.ts";
import { ColumnHeads } from "../shared/ColumnHeads.tsx";

interface DeckSchemaEditorProps {
  /** The form's name of the positions: each one is read back as `<name>.<index>.cabin|x|y`. */
  readonly name: string;
  readonly decks: ReadonlyArray<PlanDeck>;
  /** The saved positions; a cabin without one starts in a free slot of its deck. */
  readonly positions: ReadonlyArray<CabinPosition>;
  /** Draws the plan only: nothing moves and the form gets no inputs. */
  readonly readOnly?: boolean;
  /** Told after each move, so the form knows it has changes to save. */
  readonly onChange?: () => void;
  /** A class of a cabin's box (its availability on a departure). */
  readonly cabinClass?: (cabinId: number) => string | undefined;
}

/** A box being dragged: which pointer holds it, and where on the box it was grabbed, in grid units. */
interface Drag {
  readonly cabin: number;
  readonly pointer: number;
  readonly grabX: number;
  readonly grabY: number;
}

const arrowSteps: Readonly<Record<string, { readonly x: number; readonly y: number }>> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

const percent = (part: number, whole: number): string => `${(part / whole) * 100}%`;

/** Where a pointer is on the plan, in grid units (fractions included). */
const gridPoint = (plan: Element, event: PointerEvent): { readonly x: number; readonly y: number } => {
  const box = plan.getBoundingClientRect();
  return {
    x: ((event.clientX - box.left) / box.width) * PLAN_COLUMNS,
    y: ((event.clientY - box.top) / box.height) * PLAN_ROWS,
  };
};

const planStyle = {
  aspectRatio: `${PLAN_COLUMNS} / ${PLAN_ROWS}`,
  "--plan-columns": PLAN_COLUMNS,
  "--plan-rows": PLAN_ROWS,
} as CSSProperties;

/** The plan on the deck's drawing, stretched to the grid's frame as a departure's plan draws it (decision 078). */
const drawnStyle = (drawing: string | undefined): CSSProperties =>
  drawing === undefined ? planStyle : ({ ...planStyle, "--deck-drawing": `url("${imageUrl(drawing)}")` } as CSSProperties);

const boxStyle = ({ x, y }: CabinPosition): CSSProperties => ({
  left: percent(x, PLAN_COLUMNS),
  top: percent(y, PLAN_ROWS),
  width: percent(CABIN_COLUMNS, PLAN_COLUMNS),
  height: percent(CABIN_ROWS, PLAN_ROWS),
});

const classes = (...names: ReadonlyArray<string | false | undefined>): string => names.filter(Boolean).join(" ");

/**
 * The decks of a yacht drawn as plans (the deck_schema page), each cabin a box the admin drags,
 * moves with the arrow keys or places by typing its column and row. The form reads the positions
 * from its own inputs; read-only, the same drawing shows a departure's cabins.
 */
/** A cabin's column or row in the positions table, typed as a whole number from 0 to the plan's last. */
function CoordinateCell({ name, max, label, value, onChange }: {
  readonly name: string;
  readonly max: number;
  readonly label: string;
  readonly value: number;
  readonly onChange: (value: number) => void;
}) {
  return (
    <td>
      <input type="number" name={name} min={0} max={max} step={1} inputMode="numeric" aria-label={label} value={value} onChange={(event) => onChange(Number(event.target.value))} />
    </td>
  );
}

export function DeckSchemaEditor({ name, decks, positions, readOnly = false, onChange, cabinClass }: DeckSchemaEditorProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const hintId = `${baseId}-hint`;
  const [placed, setPlaced] = useState(() => placeCabins(decks, positions));
  const drag = useRef<Drag | null>(null);
  const overlaps = overlapping(decks, placed);

  const move = (cabin: number, x: number, y: number) => {
    const next = moveCabin(placed, cabin, x, y);
    const before = placed.find((position) => position.cabin === cabin);
    const after = next.find((position) => position.cabin === cabin);
    if (before === undefined || after === undefined || (before.x === after.x && before.y === after.y)) return;
    setPlaced(next);
    onChange?.();
  };

  const grab = (event: PointerEvent<HTMLButtonElement>, position: CabinPosition) => {
    const plan = event.currentTarget.parentElement;
    if (plan === null || (event.pointerType === "mouse" && event.button !== 0)) return;
    const point = gridPoint(plan, event);
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { cabin: position.cabin, pointer: event.pointerId, grabX: point.x - position.x, grabY: point.y - position.y };
  };

  const follow = (event: PointerEvent<HTMLButtonElement>) => {
    const held = drag.current;
    const plan = event.currentTarget.parentElement;
    if (held === null || held.pointer !== event.pointerId || plan === null) return;
    const point = gridPoint(plan, event);
    move(held.cabin, point.x - held.grabX, point.y - held.grabY);
  };

  const release = () => {
    drag.current = null;
  };

  const step = (event: KeyboardEvent<HTMLButtonElement>, position: CabinPosition) => {
    const arrow = arrowSteps[event.key];
    if (arrow === undefined) return;
    event.preventDefault();
    move(position.cabin, position.x + arrow.x, position.y + arrow.y);
  };

  const indexOf = new Map(placed.map((position, index) => [position.cabin, index]));
  const placesOf = (deck: PlanDeck) =>
    deck.cabins.flatMap((cabin) => {
      const index = indexOf.get(cabin.id) ?? -1;
      const position = placed[index];
      return position === undefined ? [] : [{ cabin, position, index }];
    });

  const box = (cabin: PlanCabin, position: CabinPosition, overlapNote: string) => {
    const isOverlapping = overlaps.has(cabin.id);
    const className = classes("deck-plan-cabin", isOverlapping && "deck-plan-cabin-overlap", cabinClass?.(cabin.id));
    const content = (
      <>
        <span className="deck-plan-cabin-name">{cabin.name}</span>
        <span className="deck-plan-cabin-capacity">{t("deckSchema.capacity", { count: cabin.capacity })}</span>
      </>
    );
    if (readOnly) {
      // nothing to do with a box here: it is a picture, read through its text and the table below
      return (
        <div key={cabin.id} className={className} style={boxStyle(position)}>
          {content}
        </div>
      );
    }
    return (
      <button
        key={cabin.id}
        type="button"
        className={className}
        style={boxStyle(position)}
        aria-label={t("deckSchema.cabin", { name: cabin.name, x: position.x, y: position.y })}
        aria-describedby={isOverlapping ? `${hintId} ${overlapNote}` : hintId}
        onPointerDown={(event) => grab(event, position)}
        onPointerMove={follow}
        onPointerUp={release}
        onPointerCancel={release}
        onKeyDown={(event) => step(event, position)}
      >
        {content}
      </button>
    );
  };

  return (
    <div className="deck-schema">
      {!readOnly && (
        <p id={hintId} className="deck-schema-hint">
          {t("deckSchema.hint")}
        </p>
      )}
      {decks.map((deck) => {
        const headingId = `${baseId}-deck-${deck.id}`;
        const overlapNote = `${headingId}-overlap`;
        const places = placesOf(deck);
        const crowded = places.filter(({ cabin }) => overlaps.has(cabin.id)).map(({ cabin }) => cabin.name);
        return (
          <section key={deck.id} className="deck-plan" aria-labelledby={headingId}>
            <h2 id={headingId}>{deck.name}</h2>
            {places.length === 0 ? (
              <p className="deck-plan-empty">{t("deckSchema.noCabins")}</p>
            ) : (
              <>
                <figure className="deck-plan-grid" aria-label={t("deckSchema.plan", { deck: deck.name })} style={drawnStyle(deck.drawing)}>
                  {places.map(({ cabin, position }) => box(cabin, position, overlapNote))}
                </figure>
                {/* always there, so a move that makes or ends an overlap is announced */}
                <p id={overlapNote} className="deck-plan-overlap" aria-live="polite">
                  {crowded.length > 0 && t("deckSchema.overlap", { cabins: crowded.join(", ") })}
                </p>
                {/* the numbers are for fine placing: folded, so a ship of fifty cabins is not a page of tables */}
                <details className="deck-plan-typing">
                <summary>{t("deckSchema.typePositions", { deck: deck.name })}</summary>
                <table className="deck-plan-positions" aria-label={t("deckSchema.positions", { deck: deck.name })}>
                  <ColumnHeads labels={[t("deckSchema.cabinName"), t("deckSchema.column"), t("deckSchema.row")]} />
                  <tbody>
                    {places.map(({ cabin, position, index }) => (
                      <tr key={cabin.id}>
                        <th scope="row">
                          {cabin.name}
                          {!readOnly && <input type="hidden" name={`${name}.${index}.cabin`} value={cabin.id} />}
                        </th>
                        {readOnly ? (
                          <>
                            <td>{position.x}</td>
                            <td>{position.y}</td>
                          </>
                        ) : (
                          <>
                            <CoordinateCell
                              name={`${name}.${index}.x`}
                              max={MAX_CABIN_X}
                              label={t("deckSchema.columnOf", { name: cabin.name })}
                              value={position.x}
                              onChange={(x) => move(cabin.id, x, position.y)}
                            />
                            <CoordinateCell
                              name={`${name}.${index}.y`}
                              max={MAX_CABIN_Y}
                              label={t("deckSchema.rowOf", { name: cabin.name })}
                              value={position.y}
                              onChange={(y) => move(cabin.id, position.x, y)}
                            />
                          </>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
                </details>
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
