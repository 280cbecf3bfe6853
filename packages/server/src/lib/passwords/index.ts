import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { hash, parseOptions, verify } from '@node-rs/argon2';
import PQueue from 'p-queue';
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

/**
 * Where a verification waits for its turn: `failures` is how many failed sign-ins the
 * client's address has had lately (the sign-in limits count them); fewer go first, the same
 * number in order of arrival.
 */
export interface VerifyOrder {
  failures?: number;
}

export interface PasswordHasher {
  /** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash that is not a valid PHC string. */
  verify(passwordHash: string, password: string, order?: VerifyOrder): Promise<boolean>;
  /** True when the hash was made with another cost: rehash it at the next sign-in. */
  needsRehash(passwordHash: string): boolean;
  /**
   * Spends the time of one verification without a user (sign-in with an unknown email),
   * so that the answer's timing does not tell which emails have accounts.
   */
  verifyDummy(password: string, order?: VerifyOrder): Promise<void>;
}

/**
 * How many argon2id computations this process runs at once: its share of the cores
 * (node:cluster workers split them), leaving one of libuv's threads (UV_THREADPOOL_SIZE,
 * 4 by default; @node-rs/argon2 computes on them) to files and DNS. More would only queue
 * in the thread pool (first come, first served) and take the CPU from the event loops:
 * every other request, the owner's sign-in included, would wait behind them.
 */
export function hashingConcurrency(
  cores = availableParallelism(),
  workers = cluster.isWorker ? Number(process.env.WEB_CONCURRENCY) || 1 : 1,
  threadPool = Number(process.env.UV_THREADPOOL_SIZE) || 4,
): number {
  return Math.max(1, Math.min(Math.floor(cores / workers), threadPool - 1));
}

/**
 * argon2id is @node-rs/argon2's default algorithm; the cost is this app's. Every hash and
 * verification of the hasher goes through one queue, `concurrency` at a time; verifications
 * from addresses with fewer recent failures first (see VerifyOrder), so that a flood of
 * wrong guesses that the limits still allow waits behind the owner's sign-in, not before it.
 */
export function createPasswordHasher(
  cost: HashCost = ARGON2_COST,
  { concurrency = hashingConcurrency() }: { concurrency?: number } = {},
): PasswordHasher {
  const options = { ...cost };
  const queue = new PQueue({ concurrency });
  // p-queue runs higher priorities first, equal ones in order of arrival.
  const priority = (order: VerifyOrder = {}) => -Math.max(0, Math.floor(order.failures ?? 0));
  let dummy: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => queue.add(() => hash(password, options)),
    async verify(passwordHash, password, order) {
      try {
        return await queue.add(() => verify(passwordHash, password), { priority: priority(order) });
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
    async verifyDummy(password, order) {
      dummy ??= hasher.hash(randomBytes(16).toString('base64url'));
      await hasher.verify(await dummy, password, order);
    },
  };
  return hasher;
}

const COMMON_PASSWORDS_FILE = path.join(__dirname, 'common-passwords.txt');

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
