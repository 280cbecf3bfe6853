import { z } from 'zod';
import { STATIC_SETS } from './constants';

/** The actions of `PATCH /content/edit/{id}/`: a body holds exactly one of them. */
export const CONTENT_EDIT_ACTIONS = ['favorite', 'publish', 'popular'] as const;
export type ContentEditAction = (typeof CONTENT_EDIT_ACTIONS)[number];

export const CONTENT_EDIT_ONE_ACTION = `Send exactly one of: ${CONTENT_EDIT_ACTIONS.join(', ')}.`;
export const POPULAR_TRUE_ONLY = 'Only true is accepted: popularity can only go up.';

const BOOLEAN_REQUIRED = 'Must be a valid boolean.';

/**
 * `PATCH /content/edit/{id}/` body: exactly one of favorite (signed-in users), publish
 * (staff; not for external images) or popular (true, after an add to cart). Unknown keys
 * are refused.
 */
export const contentEditRequest = z.strictObject({
  favorite: z.boolean({ error: BOOLEAN_REQUIRED }).optional(),
  publish: z.boolean({ error: BOOLEAN_REQUIRED }).optional(),
  popular: z.boolean({ error: BOOLEAN_REQUIRED }).optional(),
});
export type ContentEditRequest = z.infer<typeof contentEditRequest>;

/** The image's editable state after any of the three actions. */
export const contentEditResponse = z.object({
  id: z.number().int(),
  /** Whether the caller has it among their favourites (false for a guest). */
  user_favorite: z.boolean(),
  published: z.boolean(),
  popularity: z.number().int().nonnegative(),
});
export type ContentEditResponse = z.infer<typeof contentEditResponse>;

const DESIGNSTUDIO_ACTIONS = ['add-static'] as const;
export const IMAGEDATA_REQUIRED = 'An image id, or an object with the image id, is required.';

/**
 * `POST /api/v2/designstudio/` body: add an image to a static set (staff; add only).
 * imagedata is the image id, or an image object carrying its id.
 */
const REQUIRED = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'This field is required.' : undefined;

export const designStudioRequest = z.object({
  imagedata: z.union(
    [z.number().int().positive(), z.looseObject({ id: z.number().int().positive() })],
    { error: IMAGEDATA_REQUIRED },
  ),
  action: z.enum(DESIGNSTUDIO_ACTIONS, { error: REQUIRED }),
  collection: z.enum(STATIC_SETS, { error: REQUIRED }),
});
export type DesignStudioRequest = z.infer<typeof designStudioRequest>;

export const designStudioResponse = z.object({
  id: z.number().int(),
  _static: z.array(z.enum(STATIC_SETS)),
});
export type DesignStudioResponse = z.infer<typeof designStudioResponse>;
