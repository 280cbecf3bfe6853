import { ApiError } from './errors';

/** What a refused delete says (409), naming what still refers to the entity. */
export const inUseError = (entity: string, by: string): ApiError =>
  new ApiError(409, { detail: `This ${entity} cannot be deleted: ${by} refer to it.` });

const codeOf = (error: unknown): string | undefined =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

/**
 * Runs a DELETE; a foreign key that still points at the row (23503) becomes a 409 instead of
 * a 500, so a table that refers to it later is covered without changing this code.
 */
export async function deleting(entity: string, run: () => Promise<boolean>): Promise<boolean> {
  try {
    return await run();
  } catch (error) {
    if (codeOf(error) === '23503') throw inUseError(entity, 'other records');
    throw error;
  }
}
