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

/** `PATCH /api/collections/{id}/remove/` and `/prepend/` bodies. */
export interface CollectionRemove {
  remove: number[];
}
export interface CollectionPrepend {
  prepend: number[];
}

/** One field of DRF's OPTIONS metadata (SimpleMetadata.get_field_info). */
export const fieldMetadata = z.object({
  type: z.string(),
  required: z.boolean(),
  read_only: z.boolean(),
  label: z.string(),
  help_text: z.string().optional(),
  max_length: z.number().int().optional(),
  default: z.unknown().optional(),
  choices: z.array(z.object({ value: z.unknown(), display_name: z.string() })).optional(),
});
export type FieldMetadata = z.infer<typeof fieldMetadata>;

/** DRF's OPTIONS answer; `actions` only for methods the caller may use. */
export const optionsMetadata = z.object({
  name: z.string(),
  description: z.string(),
  renders: z.array(z.string()),
  parses: z.array(z.string()),
  actions: z.record(z.string(), z.record(z.string(), fieldMetadata)).optional(),
});
export type OptionsMetadata = z.infer<typeof optionsMetadata>;
