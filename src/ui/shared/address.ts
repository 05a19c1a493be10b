import { navigate } from "wouter/use-browser-location";

/**
 * Writes `search` (a query string without its `?`) to the address of the page, unless it is there
 * already: as a new history entry (so Back returns to what was asked before) or, with `replace`, in
 * place of the current one.
 */
export const showInAddress = (search: string, replace = false): void => {
  if (search === window.location.search.replace(/^\?/, "")) return;
  navigate(`${window.location.pathname}${search === "" ? "" : `?${search}`}`, { replace });
};
