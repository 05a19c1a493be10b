import { API_BASE } from "../../api/apiBase.ts";
import { MAX_ID } from "../../api/maxId.ts";
import { reservationPath } from "../../api/reservationPath.ts";
import { reservationsEntry } from "../../records/entries.ts";

/**
 * The reads a first visit of `location` starts beside the session's check: a reservation's page asks
 * for its reservation, the page's largest paint, which otherwise waited for the session's answer,
 * the screen's code and its machine (decision 087). In the shell's chunk (./panelScreens.ts), which
 * comes beside the session's contract: the first chunk stays as it was. The addresses are the
 * client's for the same calls (tests/ui/earlyReads.test.tsx checks that they are).
 */
export const earlyReadsAt = (location: string): ReadonlyArray<string> => {
  const id = new RegExp(`^${reservationsEntry.listPath}/([1-9]\\d*)$`).exec(location)?.[1];
  if (id === undefined || Number(id) > MAX_ID) return [];
  return [`${API_BASE}${reservationPath.replace(":id", id)}`];
};
