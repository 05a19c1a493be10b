import { foldText } from "../../src/api/search.ts";

export { foldText, searchWords } from "../../src/api/search.ts";

export interface SearchableLead {
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly phone: string;
  readonly message: string;
}

/**
 * The `search` column: the fields folded and joined by newlines (a search word never holds a
 * blank, so no word matches across two fields), plus the phone's digits alone so that
 * "0991234567" finds "+593 99 123 4567".
 */
export const leadSearchText = (lead: SearchableLead): string =>
  foldText([lead.firstName, lead.lastName, lead.email, lead.phone, lead.phone.replace(/\D/g, ""), lead.message].join("\n"));
