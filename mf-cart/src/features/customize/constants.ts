import type { SizeValue, Substrate } from '@atelier/contracts';
import { sizeLabel } from '@atelier/contracts';

/** The room preview's sofa: a common three-seat sofa, 84 inches wide. */
export const SOFA_WIDTH_IN = 84;

export const CUSTOMIZE_TEXT = {
  title: 'Customize',
  size: 'Size',
  substrate: 'Substrate',
  price: 'Price',
  each: 'each',
  save: 'Save',
  saved: 'Saved',
  cancel: 'Cancel',
  back: 'Back to project',
  notFound: 'Item not found',
  notFoundDetail: 'This item is not in the project, or the project is not yours.',
  ordered: 'This project has been ordered, so its items can no longer change.',
  preview: 'Room preview',
  caption: (size: SizeValue, substrate: Substrate) =>
    `${sizeLabel(size)} ${substrate} above an ${SOFA_WIDTH_IN}" sofa`,
} as const;
