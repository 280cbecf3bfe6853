import { z } from 'zod';
import { pageOf } from './common';

/** SPEC §5 Collection form: name required, at most this many characters. */
export const COLLECTION_NAME_MAX_LENGTH = 100;
export const COLLECTION_DESCRIPTION_MAX_LENGTH = 2000;
/** SPEC §7: collections are listed with limit 1000 (also the largest page). */
export const COLLECTIONS_MAX_LIMIT = 1000;
/** Image ids one remove or prepend call takes, at most. */
export const COLLECTION_CHANGE_MAX_IDS = 1000;
/** `ordering` values of `GET /api/collections/` (comma-separated for several keys). */
export const COLLECTION_ORDERINGS = [
  'name',
  '-name',
  'created',
  '-created',
  'modified',
  '-modified',
] as const;
export type CollectionOrdering = (typeof COLLECTION_ORDERINGS)[number];

/**
 * SPEC §3 Collection as the data API answers it. `owner` is the owner's user uuid (null
 * once that user is gone); `contents` are image ids in order (non-staff callers see the
 * published ones only); `editable`: may the caller change it (SPEC §6: the owner, or any
 * staff user when communal) — the client's lock mark.
 */
export const collection = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  communal: z.boolean(),
  public: z.boolean(),
  owner: z.string().nullable(),
  contents: z.array(z.number().int()),
  created: z.string(),
  modified: z.string(),
  editable: z.boolean(),
});
export type Collection = z.infer<typeof collection>;

export const collectionPage = pageOf(collection);
export type CollectionPage = z.infer<typeof collectionPage>;

/** The writable fields of the collection form (POST; PUT and PATCH in part). */
export interface CollectionInput {
  name: string;
  description?: string | undefined;
  communal?: boolean | undefined;
  public?: boolean | undefined;
}
