import { Schema } from "effect";
import type { FastifyInstance } from "fastify";
import { type DetailValues, detailValues, emptyValue } from "../../src/api/details.ts";
import { firstProblem } from "../../src/api/fields.ts";
import type { CatalogueItemId } from "../../src/api/ids.ts";
import { messages } from "../../src/api/messages.ts";
import { type YachtPage, type YachtPagePayload, yachtPageProblems } from "../../src/api/yachtPages.ts";
import { YachtPageEdit, yachtPageMachine } from "../../src/machines/domain/yachtPage.machine.ts";
import { yachts } from "../../src/records/fleet.ts";
import { type YachtPageDeclaration, yachtPages } from "../../src/records/yachtPages.ts";
import { findItem, type ServedCatalogues, unselectedReferences } from "../catalogues/items.ts";
import type { Queryable } from "../db/database.ts";
import { queryOne, queryRows } from "../db/rows.ts";
import { type CommandOptions, decide, expectVersion, type RecordType } from "../events/command.ts";
import { type Projection, recordProjection } from "../events/projection.ts";
import { orNotFound } from "../http/found.ts";
import { actedBy, registerEndpoint, type RouteContext } from "../http/register.ts";
import { namedImages, placeNewImages, unknownImages } from "../uploads/formImages.ts";
import { removeUnusedImages, type UploadedImage } from "../uploads/store.ts";

export const yachtPageRecord: RecordType<typeof yachtPageMachine> = { stream: "yachtPage", table: "yacht_pages", machine: yachtPageMachine };

/** A page's stream id and row key: its yacht and its name. */
const pageKey = (yachtId: number, page: YachtPageDeclaration): string => `${yachtId}/${page.name}`;

/** The folder a page's images are stored under (`uploads/yacht_pages/<sha256>.webp`). */
const IMAGES_FOLDER = "yacht_pages";

/** The row is keyed by `<yacht id>/<page>`; the yacht and the page have columns of their own for the queries. */
export const yachtPagesProjection: Projection = recordProjection({
  record: yachtPageRecord,
  events: YachtPageEdit,
  key: "text",
  on: {
    "yachtPage.edit": ({ event, row, insert, update }) => {
      const [yachtId = "", page = ""] = String(row.id).split("/");
      if (row.version === 1) return insert({ yacht_id: Number(yachtId), page, content: event.content });
      return update({ content: event.content });
    },
  },
});

const PageRow = Schema.Struct({ content: Schema.Record(Schema.String, Schema.Unknown), version: Schema.Int });

/** The page's stored content and version; a page never saved is empty at version 0. */
const storedPage = async (db: Queryable, yachtId: number, page: YachtPageDeclaration, lock = "") => {
  const row = await queryOne(db, PageRow, `select content, version from yacht_pages where id = $1 ${lock}`, [pageKey(yachtId, page)]);
  const content = Object.fromEntries(page.api.details.map(({ name, rule }) => [name, row?.content[name] ?? emptyValue(rule)])) as DetailValues;
  return { content, version: row?.version ?? 0 };
};

const PositionRow = Schema.Struct({ cabin: Schema.Int, x: Schema.Int, y: Schema.Int });

/**
 * Where the yacht's deck_schema page places each cabin on its deck's plan, by cabin (a cabin named
 * twice keeps its first place, as the editor draws it): every departure's plan draws them, for
 * agency users too, who do not read the yacht's pages.
 */
export const savedCabinPositions = async (db: Queryable, yachtId: number): Promise<ReadonlyMap<number, { readonly x: number; readonly y: number }>> => {
  const rows = await queryRows(
    db,
    PositionRow,
    `select (position->>'cabin')::int as cabin, (position->>'x')::int as x, (position->>'y')::int as y
       from yacht_pages yp cross join lateral jsonb_array_elements(
              case when jsonb_typeof(yp.content->'positions') = 'array' then yp.content->'positions' else '[]'::jsonb end)
            with ordinality as saved(position, place)
      where yp.yacht_id = $1 and yp.page = 'deck_schema' order by place`,
    [yachtId],
  );
  const positions = new Map<number, { readonly x: number; readonly y: number }>();
  for (const { cabin, x, y } of rows) if (!positions.has(cabin)) positions.set(cabin, { x, y });
  return positions;
};

const PlanRow = Schema.Struct({ deck: Schema.Int, plan: Schema.String });

/**
 * The drawing of each deck the yacht's deck_plan page holds, by deck (a deck drawn twice keeps its
 * first drawing, as the page lists it): a departure's plan draws its cabins on them.
 */
export const savedDeckPlans = async (db: Queryable, yachtId: number): Promise<ReadonlyMap<number, string>> => {
  const rows = await queryRows(
    db,
    PlanRow,
    `select (saved.row->>'deck')::int as deck, saved.row->>'plan' as plan
       from yacht_pages yp cross join lateral jsonb_array_elements(
              case when jsonb_typeof(yp.content->'plans') = 'array' then yp.content->'plans' else '[]'::jsonb end)
            with ordinality as saved(row, place)
      where yp.yacht_id = $1 and yp.page = 'deck_plan' and jsonb_typeof(saved.row->'deck') = 'number'
        and coalesce(saved.row->>'plan', '') <> '' order by place`,
    [yachtId],
  );
  const plans = new Map<number, string>();
  for (const { deck, plan } of rows) if (!plans.has(deck)) plans.set(deck, plan);
  return plans;
};

/** The yacht a page belongs to: a live one, or 404. */
const yachtOf = async (db: Queryable, id: CatalogueItemId, served: ServedCatalogues, lock = "") =>
  orNotFound(await findItem(db, yachts, id, lock, served));

/** A page as the contract answers it. */
export const readYachtPage = async (db: Queryable, page: YachtPageDeclaration, yachtId: CatalogueItemId, served: ServedCatalogues): Promise<YachtPage> => {
  const yacht = await yachtOf(db, yachtId, served);
  const { content, version } = await storedPage(db, yachtId, page);
  return Schema.decodeUnknownSync(page.api.get.response)({ ...content, yachtId: yacht.id, yachtName: yacht.name, version });
};

/**
 * Saves a page's content from a form loaded at `version`: the new images stored and put in place,
 * the page's machine deciding with the problems found (a rule, a reference to an item the page may
 * not choose, an image no upload holds), then the images the page stopped naming removed if nothing
 * else names them. A save that changes nothing writes nothing.
 */
export const saveYachtPage = async (
  tx: Queryable,
  page: YachtPageDeclaration,
  yachtId: CatalogueItemId,
  { version, ...payload }: YachtPagePayload,
  files: ReadonlyArray<UploadedImage>,
  options: CommandOptions,
  served: ServedCatalogues,
): Promise<void> => {
  const { details } = page.api;
  // the yacht's row stays locked: it cannot be deleted while its page is being saved
  await yachtOf(tx, yachtId, served, "for update");
  const key = pageKey(yachtId, page);
  await expectVersion(tx, yachtPageRecord, key, version);
  const current = await storedPage(tx, yachtId, page);
  const content = await placeNewImages(tx, IMAGES_FOLDER, details, detailValues(details, payload), files, options.occurredAt);
  if (current.version > 0 && JSON.stringify(content) === JSON.stringify(current.content)) return;
  const problems = {
    ...(await unselectedReferences(tx, served, details, { ...content, yacht: yachtId }, current.content)),
    ...(await unknownImages(tx, details, content)),
    ...yachtPageProblems(details, content),
  };
  await decide(tx, yachtPageRecord, key, { type: "yachtPage.edit", content }, options, { fieldProblem: firstProblem(problems) });
  const kept = new Set(namedImages(details, content));
  await removeUnusedImages(
    tx,
    namedImages(details, current.content).filter((path) => !kept.has(path)),
  );
};

export interface YachtPagesContext extends RouteContext {
  readonly catalogues: ServedCatalogues;
}

/** Each page's two calls (DOMAIN.md section 9). */
export const registerYachtPageRoutes = (app: FastifyInstance, context: YachtPagesContext): void => {
  const { db, now } = context;
  for (const page of yachtPages) {
    registerEndpoint(app, context, page.api.get, ({ params }) => readYachtPage(db, page, params.id, context.catalogues));
    registerEndpoint(app, context, page.api.update, async (call) => {
      await db.transaction((tx) => saveYachtPage(tx, page, call.params.id, call.body, call.files, actedBy(call, now()), context.catalogues));
      return messages.updated;
    });
  }
};
