import { Alert } from 'antd';
import type { Image } from '@atelier/contracts';
import { QuickAddForm } from './components/QuickAddForm';
import { UNPUBLISHED_MESSAGE } from './constants';

export interface QuickAddFragmentProps {
  /** The image as `GET /api/images/{id}/` answers it. */
  image: Image;
}

/**
 * mf-cart's Quick Add, exposed as the federated module `./quick-add` and embedded by other
 * slices at run time (ARCHITECTURE §1: a slice owns its UI wherever it appears). An
 * unpublished image cannot be purchased (SPEC §4, §8), so it gets no form.
 */
export default function QuickAddFragment({ image }: QuickAddFragmentProps) {
  if (!image.published) return <Alert type="warning" showIcon title={UNPUBLISHED_MESSAGE} />;
  // A new image starts from its own defaults (SPEC §5), not the previous image's choices.
  return <QuickAddForm key={image.id} image={image} />;
}
