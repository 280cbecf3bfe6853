import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { FieldDecryptionError, type FieldCipher } from './field-encryption';

/** Every encrypted column (README: Configuration, docs/artist-portal.md: key rotation). */
const ENCRYPTED_COLUMNS = [
  { table: 'artist_tax_forms', key: 'artist_profile_id', column: 'tin_encrypted' },
  { table: 'payment_accounts', key: 'id', column: 'number_encrypted' },
] as const;

export interface RotationCount {
  table: string;
  column: string;
  /** Values re-encrypted with the current key by this run. */
  rotated: number;
}

interface Row {
  key: number;
  value: string;
}

/**
 * The rows of one column not yet on the current key, after `after`, in key order. A value
 * already on the current key is never read again, so a killed run resumes where it was.
 */
async function pending(
  db: Kysely<DB>,
  target: (typeof ENCRYPTED_COLUMNS)[number],
  cipher: FieldCipher,
  after: number,
  limit: number,
): Promise<Row[]> {
  const result = await sql<Row>`
    SELECT ${sql.ref(target.key)} AS key, ${sql.ref(target.column)} AS value
    FROM ${sql.table(target.table)}
    WHERE ${sql.ref(target.column)} IS NOT NULL
      AND ${sql.ref(target.column)} NOT LIKE ${`v2:${cipher.keyId}:%`}
      AND ${sql.ref(target.key)} > ${after}
    ORDER BY ${sql.ref(target.key)}
    LIMIT ${limit}`.execute(db);
  return result.rows;
}

function openOrExplain(
  cipher: FieldCipher,
  target: (typeof ENCRYPTED_COLUMNS)[number],
  row: Row,
  writing: boolean,
): string {
  try {
    return cipher.decrypt(row.value);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FieldDecryptionError(
      `${target.table}.${target.column} of ${target.key} ${row.key} cannot be read: ${reason}. ` +
        `${writing ? 'Values before it are on the new key; run again once fixed' : 'Nothing was changed'}; ` +
        'give every key still in use in FIELD_ENCRYPTION_KEY or FIELD_ENCRYPTION_OLD_KEYS.',
    );
  }
}

/**
 * Re-encrypts every TIN and account number not yet on the current key (`pnpm fields:rotate`).
 * First reads every such value (a key missing from the configuration fails here, before any
 * write); then rewrites them a batch at a time, each row only if it still holds the value
 * read (a value changed meanwhile by the app is already on the current key).
 */
export async function rotateFields(
  db: Kysely<DB>,
  cipher: FieldCipher,
  options: { batch?: number; onProgress?: (count: RotationCount) => void } = {},
): Promise<RotationCount[]> {
  const batch = options.batch ?? 500;
  for (const target of ENCRYPTED_COLUMNS) {
    for (
      let after = -1, rows: Row[];
      (rows = await pending(db, target, cipher, after, batch)).length > 0;
    ) {
      for (const row of rows) openOrExplain(cipher, target, row, false);
      after = rows[rows.length - 1]?.key ?? after;
    }
  }
  const counts: RotationCount[] = [];
  for (const target of ENCRYPTED_COLUMNS) {
    const count: RotationCount = { table: target.table, column: target.column, rotated: 0 };
    for (
      let after = -1, rows: Row[];
      (rows = await pending(db, target, cipher, after, batch)).length > 0;
    ) {
      for (const row of rows) {
        const value = cipher.encrypt(openOrExplain(cipher, target, row, true));
        const updated = await sql`
          UPDATE ${sql.table(target.table)} SET ${sql.ref(target.column)} = ${value}
          WHERE ${sql.ref(target.key)} = ${row.key} AND ${sql.ref(target.column)} = ${row.value}`.execute(
          db,
        );
        count.rotated += Number(updated.numAffectedRows ?? 0);
      }
      after = rows[rows.length - 1]?.key ?? after;
      options.onProgress?.(count);
    }
    counts.push(count);
  }
  return counts;
}

/** How many values of each column are not on the current key (0 after a full rotation). */
export async function countPending(db: Kysely<DB>, cipher: FieldCipher): Promise<number> {
  let total = 0;
  for (const target of ENCRYPTED_COLUMNS) {
    const result = await sql<{ n: string }>`
      SELECT count(*) AS n FROM ${sql.table(target.table)}
      WHERE ${sql.ref(target.column)} IS NOT NULL
        AND ${sql.ref(target.column)} NOT LIKE ${`v2:${cipher.keyId}:%`}`.execute(db);
    total += Number(result.rows[0]?.n ?? 0);
  }
  return total;
}
