import { z } from 'zod';

/** Django REST framework page: `{count, next, previous, results}`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nonnegative(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] };

/** DRF error body for 401/403/404 and other non-field errors. */
export const detailError = z.object({ detail: z.string() });
export type DetailError = z.infer<typeof detailError>;

/** DRF validation error body for 400: field name → messages, plus non_field_errors. */
export const validationError = z.record(z.string(), z.array(z.string()));
export type ValidationError = z.infer<typeof validationError>;

export const pagingQuery = z.object({
  limit: z.coerce.number().int().min(1).max(1000).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PagingQuery = z.infer<typeof pagingQuery>;
