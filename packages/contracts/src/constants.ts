// Plain constants, kept apart from the zod schemas so that a front end importing them does
// not bundle zod.

/** External stock sources; every other source is our own catalogue. */
export const EXTERNAL_SOURCES = ['GET', 'GETRM'] as const;
export const INTERNAL_SOURCES = [
  'GAA',
  'BJOR',
  'DOM',
  'WAG',
  'MCG',
  'BR',
  'GI',
  'POE',
  'BUR',
  'PIN',
] as const;
export const isExternalSource = (source: string): boolean =>
  (EXTERNAL_SOURCES as readonly string[]).includes(source);

export const STATIC_SETS = ['government', 'commercial'] as const;

/** The front ends the shell composes; each owns the routes of SPEC §2 listed in the shell. */
export const REMOTE_NAMES = ['storefront', 'cart', 'artist', 'manage'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Why an external stock image (GET, GETRM) cannot be published or unpublished. Here, with no
 * zod around it, so a front end can show it without bundling the request schemas.
 */
export const EXTERNAL_PUBLISH_MESSAGE =
  'External stock images (GET, GETRM) cannot be published or unpublished.';
