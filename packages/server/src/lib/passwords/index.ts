import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import {
  AUTH_ERRORS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
} from '@atelier/contracts';

/** argon2id cost (OWASP's first recommendation): 19 MiB, 2 passes, 1 lane. */
export const ARGON2_COST = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface PasswordHasher {
  /** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that is not a valid PHC string. */
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when the hash was made with another cost: rehash it at the next sign-in. */
  needsRehash(passwordHash: string): boolean;
  /**
   * Spends the time of one verification without a user (sign-in with an unknown email),
   * so that the answer's timing does not tell which emails have accounts.
   */
  verifyDummy(password: string): Promise<void>;
}

/** argon2id is @node-rs/argon2's default algorithm; the cost is this app's. */
export function createPasswordHasher(cost: HashCost = ARGON2_COST): PasswordHasher {
  const options = { ...cost };
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          !passwordHash.startsWith('$argon2id$') ||
          used.memoryCost !== cost.memoryCost ||
          used.timeCost !== cost.timeCost ||
          used.parallelism !== cost.parallelism
        );
      } catch {
        return true;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash(randomBytes(16).toString('base64url'), options);
      await hasher.verify(await dummy, password);
    },
  };
  return hasher;
}

export const COMMON_PASSWORDS_FILE = path.join(__dirname, 'common-passwords.txt');

let commonPasswords: ReadonlySet<string> | undefined;

/** The common-password list (lowercase), read once. */
export function loadCommonPasswords(file: string = COMMON_PASSWORDS_FILE): ReadonlySet<string> {
  if (file === COMMON_PASSWORDS_FILE && commonPasswords) return commonPasswords;
  const set = new Set(
    readFileSync(file, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  if (file === COMMON_PASSWORDS_FILE) commonPasswords = set;
  return set;
}

/** Django's CommonPasswordValidator: case-insensitive, surrounding spaces ignored. */
export function isCommonPassword(password: string): boolean {
  return loadCommonPasswords().has(password.trim().toLowerCase());
}

/**
 * The password policy (NIST style: length and a common-password list, no composition
 * rules). Returns the messages djoser would give, in its order; empty when acceptable.
 */
export function passwordProblems(password: string): string[] {
  const length = Array.from(password).length;
  if (length === 0) return [AUTH_ERRORS.blank];
  if (length > PASSWORD_MAX_LENGTH) return [PASSWORD_MESSAGES.tooLong];
  const problems: string[] = [];
  if (length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (isCommonPassword(password)) problems.push(PASSWORD_MESSAGES.tooCommon);
  return problems;
}
