import { z } from 'zod';

/**
 * Query-string fields with DRF's messages, so a bad value gets the answer a DRF client
 * expects (`{"limit": ["A valid integer is required."]}`).
 */
export const INTEGER_REQUIRED = 'A valid integer is required.';
export const BOOLEAN_REQUIRED = 'Must be a valid boolean.';

export const integerField = () =>
  z.coerce.number({ error: INTEGER_REQUIRED }).int({ error: INTEGER_REQUIRED });

export const atLeast = (minimum: number) =>
  integerField().min(minimum, {
    error: `Ensure this value is greater than or equal to ${minimum}.`,
  });

export const boundedInteger = (minimum: number, maximum: number) =>
  atLeast(minimum).max(maximum, {
    error: `Ensure this value is less than or equal to ${maximum}.`,
  });

const BOOLEAN_STRINGS = ['true', 'false', 'True', 'False', '1', '0'] as const;

/** An optional boolean filter (`?active=true`), as django-filter's BooleanFilter reads it. */
export const booleanFilter = () =>
  z
    .enum(BOOLEAN_STRINGS, { error: BOOLEAN_REQUIRED })
    .optional()
    .transform((value) =>
      value === undefined ? undefined : value === 'true' || value === 'True' || value === '1',
    );

/** DRF LimitOffsetPagination parameters. */
export const limitOffset = (defaultLimit: number, maxLimit: number, maxOffset = 1_000_000) =>
  z.object({
    limit: boundedInteger(1, maxLimit).default(defaultLimit),
    offset: boundedInteger(0, maxOffset).default(0),
  });

/** PostgreSQL's `integer`, which every id column is: no row has an id outside it. */
export const MIN_ID = -2_147_483_648;
export const MAX_ID = 2_147_483_647;

/**
 * A path id: `{"id": ["A valid integer is required."]}` when it is not one; 404 when it is
 * an integer no row can have (the database would refuse to compare it), as DRF's lookup.
 */
export const idParams = z.object({
  id: integerField().refine((id) => id >= MIN_ID && id <= MAX_ID, {
    error: 'Not found.',
    // plugins/errors.ts answers 404 for an issue so marked.
    params: { notFound: true },
  }),
});
