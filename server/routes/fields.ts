import { ApiError } from "../../src/api/errors.ts";
import { messages } from "../../src/api/messages.ts";

/** Longest name kept (user names, catalogue items): longer is refused rather than cut. */
export const NAME_MAX_LENGTH = 120;
/** RFC 5321's limit on a whole address. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Refuses a form with a blank required field (400 required_information). Checked for every field
 * before any length, as the form reports a missing field first.
 */
export const assertFilled = (...values: ReadonlyArray<string>): void => {
  if (values.some((value) => value.trim() === "")) throw new ApiError(400, messages.requiredInformation);
};

/** The value trimmed, refused when longer than `maxLength` characters (400 invalid information). */
export const trimmedWithin = (value: string, maxLength: number): string => {
  const trimmed = value.trim();
  // Counted in characters, not UTF-16 units, so accented and emoji names count as a person reads them.
  if ([...trimmed].length > maxLength) throw new ApiError(400, messages.invalidInput);
  return trimmed;
};
