import { useEffect } from "react";
import type { AnyActorRef } from "xstate";
import { type ListQuery, type ListQueryDefaults, listQuerySearch, parseListQuery } from "../../machines/shared/listQuery.ts";
import type { QueryPublication } from "../../machines/shared/pagedList.machine.ts";
import { showInAddress } from "./address.ts";

/**
 * A list machine's `publishQuery`: the query written to the address of the page the list is on,
 * as a new history entry (so Back returns to it) or in place of the current one. Only what
 * differs from the list's defaults is written.
 */
export const publishQuery =
  (defaults: ListQueryDefaults) =>
  (_: unknown, { query, mode }: { readonly query: ListQuery; readonly mode: QueryPublication }) => {
    showInAddress(listQuerySearch(query, defaults), mode === "replace");
  };

/**
 * The other way round: when the address changes under a list (Back, Forward, a link to the same
 * screen), the list is told to show what it now asks for. A change the list made itself already
 * matches its query, so nothing is sent.
 */
export const useQueryFromAddress = (
  actor: AnyActorRef & { getSnapshot(): { context: { query: ListQuery } } },
  search: string,
  defaults: ListQueryDefaults,
): void => {
  useEffect(() => {
    const asked = parseListQuery(search, defaults);
    if (listQuerySearch(asked, defaults) !== listQuerySearch(actor.getSnapshot().context.query, defaults)) {
      actor.send({ type: "query.sync", query: asked });
    }
  }, [actor, search, defaults]);
};
