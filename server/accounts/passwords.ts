import { createHash, randomBytes, randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";

/** Argon2id (the library's default algorithm) with its default costs. */
export const hashPassword = (password: string): Promise<string> => hash(password);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one real verification, so that an unknown email answers as slowly as a
 * wrong password and timing does not tell which accounts exist.
 */
export const verifyAgainstDummy = async (password: string): Promise<false> => {
  dummyHash ??= hashPassword(randomBytes(12).toString("base64url"));
  await verifyPassword(await dummyHash, password);
  return false;
};

// Characters that cannot be mistaken for one another when read from a mail or a log.
const upper = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const lower = "abcdefghijkmnopqrstuvwxyz";
const digits = "23456789";
const TEMPORARY_PASSWORD_LENGTH = 10;

const pick = (alphabet: string): string => alphabet.charAt(randomInt(alphabet.length));

/** A random password that itself passes the password rules (one of each class, 10 characters). */
export const generateTemporaryPassword = (): string => {
  const characters = [pick(upper), pick(lower), pick(digits)];
  while (characters.length < TEMPORARY_PASSWORD_LENGTH) characters.push(pick(upper + lower + digits));
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = randomInt(index + 1);
    [characters[index], characters[other]] = [characters[other] ?? "", characters[index] ?? ""];
  }
  return characters.join("");
};

/** A bearer token: 32 random bytes, base64url. Only its sha256 is stored. */
export const generateToken = (): string => randomBytes(32).toString("base64url");

export const hashToken = (token: string): string => createHash("sha256").update(token).digest("base64url");
