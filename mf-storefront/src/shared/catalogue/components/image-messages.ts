/** SPEC §8 Unpublished image: shown to everyone when an image is not published. */
export const UNPUBLISHED_MESSAGE = 'This image is unpublished and cannot be purchased.';
/**
 * SPEC §8, when the image is hidden: an unpublished image is hidden from buyers (search
 * leaves it out), so a buyer who reached it by a link is told where to look, with its id.
 */
export const HIDDEN_IMAGE_MESSAGE =
  'A replacement may be available in the Related Images section below. Contact support for more info.';
export const imageIdLabel = (id: number): string => `Image id: ${id}`;

/** SPEC §8 Favorite failure: the error text, then this advice. */
export const FAVORITE_FAILURE_ADVICE =
  'Please try again. Contact customer support if this persists.';
export const FAVORITE_LABEL = 'Favorite';

export const PRINT_READINESS_TITLE = 'Print-readiness';
