import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { CatalogueItem } from "../../api/catalogues.ts";
import { nameIn } from "../../api/english.ts";
import { imageUrl } from "../../api/images.ts";
import type { CruiseCabin } from "../../api/reservations.ts";
import { CABIN_COLUMNS, CABIN_ROWS, PLAN_COLUMNS, PLAN_ROWS } from "../../api/yachtPages.ts";
import type { BerthPick } from "../../machines/reservations/berthPicks.ts";
import { reservations } from "../../machines/reservations/record.ts";
import { type CabinPosition, type PlacedDeck, cabinsOnDecks } from "./deckPlan.ts";

/** A space type's name in the reader's language: its English name in English when it has one. */
export const spaceTypeName = (type: CatalogueItem | undefined, language: string): string => (type === undefined ? "" : nameIn(language, type));
/** A space type's short mark on a berth: its initials, or its name's first letters. */
const typeMark = (type: CatalogueItem | undefined, name: string): string =>
  typeof type?.initials === "string" && type.initials !== "" ? type.initials : name.slice(0, 2).toUpperCase();

/**
 * A reservation's code with its series apart (`RES-` and `000041`): the drawn plan, where a cabin's
 * box is narrow, shows the number and keeps the whole code in the text a screen reader reads.
 */
function Code({ code }: { readonly code: string }) {
  const cut = code.lastIndexOf("-") + 1;
  return (
    <>
      <span className="code-series">{code.slice(0, cut)}</span>
      {code.slice(cut)}
    </>
  );
}

/** What a berth of the plan needs to tell and to do. */
export interface BerthPlanProps {
  readonly cabins: ReadonlyArray<CruiseCabin>;
  readonly spaceTypes: ReadonlyArray<CatalogueItem>;
  readonly chosen: ReadonlyArray<number>;
  readonly picks: ReadonlyArray<BerthPick>;
  /** The cabins the last hold's refusal concerns, with its message translated. */
  readonly refusal: { readonly cabinIds: ReadonlyArray<number>; readonly text: string } | null;
  /** Whether the reservations' codes link to their pages (a reader of reservations). */
  readonly links: boolean;
  /** Null for a reader who does not sell: nothing is picked. */
  readonly onCabin: ((cabinId: number) => void) | null;
  readonly onBerth: ((cabinId: number, berth: number) => void) | null;
}

/** A deck's plan: the deck_schema editor's grid, which reservations.css draws from a tablet's width up, on the deck's drawing when it has one. */
const planStyle = (drawing: string | null) =>
  ({
    "--plan-columns": PLAN_COLUMNS,
    "--plan-rows": PLAN_ROWS,
    "--cabin-columns": CABIN_COLUMNS,
    "--cabin-rows": CABIN_ROWS,
    ...(drawing === null ? {} : { "--plan-drawing": `url("${imageUrl(drawing)}")` }),
  }) as CSSProperties;

/** A cabin's place on its deck's plan: the grid lines its box starts at (the first is 1). */
const placeStyle = ({ x, y }: CabinPosition) => ({ "--cabin-column": x + 1, "--cabin-row": y + 1 }) as CSSProperties;

function Berth({ cabin, index, props }: { readonly cabin: CruiseCabin; readonly index: number; readonly props: BerthPlanProps }) {
  const { t, i18n } = useTranslation();
  const berth = cabin.berths[index] ?? null;
  const number = index + 1;
  const typeOf = (id: number) => props.spaceTypes.find((type) => type.id === id);
  if (berth === null) {
    const pick = props.picks.find((candidate) => candidate.cabinId === cabin.id && candidate.berth === index);
    const type = pick === undefined ? undefined : typeOf(pick.genderId);
    const name = spaceTypeName(type, i18n.language);
    const label = pick === undefined ? t("holds.berthFree", { number, cabin: cabin.name }) : t("holds.berthPicked", { number, cabin: cabin.name, type: name });
    const content = (
      <>
        <span className={`berth berth-${pick === undefined ? "free" : "picked"}`} aria-hidden="true" />
        <span className="berth-mark">{pick === undefined ? t("holds.berthFreeText") : typeMark(type, name)}</span>
      </>
    );
    const onBerth = props.onBerth;
    return onBerth === null ? (
      <span className="berth-chip" title={label}>
        {content}
        <span className="visually-hidden">{label}</span>
      </span>
    ) : (
      <button type="button" className="berth-chip" aria-pressed={pick !== undefined} aria-label={label} title={label} onClick={() => onBerth(cabin.id, index)}>
        {content}
      </button>
    );
  }
  const type = typeOf(berth.genderId);
  const typeName = spaceTypeName(type, i18n.language);
  const state = t(`holds.spaceStates.${berth.state}`);
  const agency = berth.reservationCode === null ? t("holds.otherAgency") : (berth.agencyName ?? t("reservations.direct"));
  const said = t("holds.berthTaken", { number, type: typeName, state });
  const told = [said, berth.reservationCode, agency].filter((part) => part !== null).join(" · ");
  return (
    <span className="berth-chip berth-taken" title={told}>
      <span className={`berth berth-${berth.state}`} aria-hidden="true" />
      <span className="berth-mark" aria-hidden="true">
        {typeMark(type, typeName)}
      </span>
      <span className="visually-hidden">{said}</span>
      <span className="berth-state" aria-hidden="true">
        {state}
      </span>
      {berth.reservationCode !== null && berth.reservationId !== null && props.links ? (
        <Link className="berth-code" href={reservations.path(berth.reservationId)}>
          <Code code={berth.reservationCode} />
        </Link>
      ) : (
        berth.reservationCode !== null && (
          <span className="berth-code">
            <Code code={berth.reservationCode} />
          </span>
        )
      )}
      <span className="berth-agency">{agency}</span>
    </span>
  );
}

/** A cabin of the plan: a button that picks it whole for the hold form, and its berths, each telling who holds it or picking it. */
function CabinCard({ cabin, position, props }: { readonly cabin: CruiseCabin; readonly position: CabinPosition; readonly props: BerthPlanProps }) {
  const { t } = useTranslation();
  const free = cabin.berths.filter((berth) => berth === null).length;
  const label = t("holds.cabinLabel", { name: cabin.name, free, capacity: cabin.capacity });
  const picked = props.chosen.includes(cabin.id);
  const refusal = props.refusal?.cabinIds.includes(cabin.id) === true ? props.refusal.text : null;
  const head = (
    <>
      <strong>{cabin.name}</strong>
      <span className="cabin-category">{t(`options.${cabin.category}`, { defaultValue: cabin.category })}</span>
      <span className="cabin-free">{t("holds.free", { free, capacity: cabin.capacity })}</span>
    </>
  );
  const onCabin = props.onCabin;
  return (
    <div
      className={["cabin-card", picked ? "picked" : "", refusal === null ? "" : "refused"].filter((name) => name !== "").join(" ")}
      style={placeStyle(position)}
    >
      {onCabin === null ? (
        <span className="cabin-head">{head}</span>
      ) : (
        <button
          type="button"
          className="cabin-head"
          aria-pressed={picked}
          aria-label={label}
          aria-describedby={refusal === null ? undefined : `cabin-refusal-${cabin.id}`}
          onClick={() => onCabin(cabin.id)}
        >
          {head}
        </button>
      )}
      <ul className="berths" aria-label={t("holds.berthsOf", { name: cabin.name })}>
        {cabin.berths.map((_, index) => (
          // a berth is its place in the cabin
          // biome-ignore lint/suspicious/noArrayIndexKey: berths never move
          <li key={index}>
            <Berth cabin={cabin} index={index} props={props} />
          </li>
        ))}
      </ul>
      {cabin.familyRoom && <span className="cabin-flag">{t("detail.familyRoom")}</span>}
      {cabin.waiting > 0 && <span className="cabin-flag">{t("holds.waiting", { count: cabin.waiting })}</span>}
      {refusal !== null && (
        <span className="cabin-refusal" id={`cabin-refusal-${cabin.id}`}>
          {refusal}
        </span>
      )}
    </div>
  );
}

/** The drawing a deck's cabins are drawn on: the deck_plan page's image of that deck, if any. */
const drawingOf = (deck: PlacedDeck<CruiseCabin>): string | null => deck.cabins.find(({ cabin }) => cabin.deckPlan !== null)?.cabin.deckPlan ?? null;

/**
 * A departure's cabins deck by deck, each card where the yacht's deck_schema page places it, on the
 * deck's own drawing (the deck_plan page) where the yacht has one, as a flowing list on a phone;
 * each taken berth tells its space type and state (and, to whoever may read it, its reservation
 * and agency), each free one is a button that picks it.
 */
export function BerthPlan(props: BerthPlanProps) {
  const { t } = useTranslation();
  return (
    <>
      {cabinsOnDecks(props.cabins).map((deck) => {
        const drawing = drawingOf(deck);
        return (
          <section key={deck.id ?? "none"} className="plan-deck" aria-label={deck.name}>
            <h2>{deck.name}</h2>
            {/* the cards stay in the yacht's order, so a keyboard and a screen reader go through them as the list reads */}
            <div
              className={drawing === null ? "plan-cabins" : "plan-cabins plan-drawn"}
              style={planStyle(drawing)}
              {...(drawing === null ? {} : { role: "group", "aria-label": t("holds.drawnPlan", { deck: deck.name }) })}
            >
              {deck.cabins.map(({ cabin, position }) => (
                <CabinCard key={cabin.id} cabin={cabin} position={position} props={props} />
              ))}
            </div>
          </section>
        );
      })}
    </>
  );
}
