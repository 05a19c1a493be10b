import type { CatalogueItem } from "../../api/catalogues.ts";
import type { ListMeta } from "../../api/endpoint.ts";
import type { PagedRows } from "./pagedList.machine.ts";

/** A list filter's choices (the yachts, the agencies), under the filter's name. */
export type ListChoices<Name extends string> = Readonly<Record<Name, ReadonlyArray<CatalogueItem>>>;

/** A page of a list as the API answers it. */
interface ListAnswer<Row> {
  readonly data: ReadonlyArray<Row>;
  readonly meta?: ListMeta;
}

/**
 * A page of a list and its filter's choices fetched side by side: the choices with the first page
 * only (`known` keeps them after), none when `load` is null (the filter is not offered).
 */
export const pageWithChoices = async <Row, Name extends string>(
  page: Promise<ListAnswer<Row>>,
  name: Name,
  known: ListChoices<Name> | null,
  load: (() => Promise<ReadonlyArray<CatalogueItem>>) | null,
): Promise<PagedRows<Row, ListChoices<Name>>> => {
  const [answer, choices] = await Promise.all([page, known !== null || load === null ? Promise.resolve(known?.[name] ?? []) : load()]);
  return { rows: answer.data, total: answer.meta?.total ?? answer.data.length, extras: { [name]: choices } as ListChoices<Name> };
};
