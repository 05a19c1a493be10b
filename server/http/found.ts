import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";

/** The value, or the contract's 404 `resource not found` when there is none (a read or a lock found no row). */
export const orNotFound = <T>(value: T | null | undefined): T => {
  if (value === null || value === undefined) throw new ApiError(404, messages.notFound);
  return value;
};
