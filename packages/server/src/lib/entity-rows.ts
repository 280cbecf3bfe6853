import { sql, type SelectQueryBuilder } from 'kysely';
import { type ApiError, fieldError } from './errors';
import type { OrderKey } from './list-query';

/** Orders by the list's keys, then by id so that pages never overlap. */
export function ordered<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  ordering: readonly OrderKey[],
  idColumn: string,
): SelectQueryBuilder<DB, TB, O> {
  let result = query;
  for (const key of ordering) {
    result = result.orderBy(sql.ref(key.column), key.descending ? 'desc' : 'asc');
  }
  return result.orderBy(sql.ref(idColumn), 'asc');
}

const codeOf = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/**
 * A unique column's clash as DRF's UniqueValidator answers it (400 on the field); any other
 * error goes on as it was.
 */
export async function uniquely<T>(
  write: () => Promise<T>,
  field: string,
  entity: string,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (codeOf(error) === '23505') {
      throw fieldError(field, `${entity} with this ${field.replace(/_/g, ' ')} already exists.`);
    }
    throw error;
  }
}

/** DRF's PrimaryKeyRelatedField message for an id naming no row. */
export const missingPk = (field: string, id: number): ApiError =>
  fieldError(field, `Invalid pk "${id}" - object does not exist.`);

export const iso = (date: Date | string): string =>
  date instanceof Date ? date.toISOString() : new Date(date).toISOString();

/** `{count}` of a filtered query. */
export async function countOf<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = (await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirstOrThrow()) as { count: number | string };
  return Number(row.count);
}
