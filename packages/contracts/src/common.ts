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

const messages = z.array(z.string());
/** A nested serializer's errors (`{"size": {"w": [...]}}`), two levels down as ours go. */
const nestedErrors = z.record(
  z.string(),
  z.union([messages, z.record(z.string(), z.union([messages, z.record(z.string(), messages)]))]),
);

/**
 * DRF's 400 body: field name → messages (a nested object's by its fields, plus
 * non_field_errors), or `{detail}` when the body could not be read at all (not JSON).
 */
export const validationError = z.union([detailError, nestedErrors]);
/** `{detail}`: the body of a 401/403/404/409/5xx the client shows as one message. */
export type DetailError = z.infer<typeof detailError>;
/** A 400's body: what ui's server-error mapping and the checkout form read field by field. */
export type ValidationError = z.infer<typeof validationError>;
