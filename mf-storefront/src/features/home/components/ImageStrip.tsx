import type { ReactNode } from 'react';
import type { ImageCard } from '@atelier/contracts';
import { ErrorDisplay, GridSkeleton } from '@atelier/ui';
import { ImageGrid } from '../../../shared/catalogue/components/ImageGrid';

export interface ImageStripProps {
  id: string;
  heading: string;
  /** The query's state, as TanStack Query gives it. */
  isPending: boolean;
  error: Error | null;
  images: readonly ImageCard[] | undefined;
  empty: string;
  /** Shown under the grid when there are images (a link to see more). */
  more?: ReactNode;
  /** Grid rows whose pictures load first: the strip at the top of the page. */
  priorityRows?: number;
  /**
   * Rows of grey blocks while loading: about the grid's height, so what follows the strip
   * moves (if at all) while it is still below the screen.
   */
  skeletonRows?: number;
}

/** One titled section of images on the home page, with its loading, empty and error states. */
export function ImageStrip({
  id,
  heading,
  isPending,
  error,
  images,
  empty,
  more,
  priorityRows = 0,
  skeletonRows = 2,
}: ImageStripProps) {
  return (
    <section aria-labelledby={id} className="sf-home-section">
      <h2 id={id}>{heading}</h2>
      {isPending && <GridSkeleton rows={skeletonRows} />}
      {error && <ErrorDisplay error={error} />}
      {images && images.length === 0 && <p role="status">{empty}</p>}
      {images && images.length > 0 && (
        <>
          <ImageGrid images={images} priorityRows={priorityRows} />
          {more && <p className="sf-more">{more}</p>}
        </>
      )}
    </section>
  );
}
