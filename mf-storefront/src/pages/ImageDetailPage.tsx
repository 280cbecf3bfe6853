import { Button, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { isApiError } from '@atelier/api-client';
import { selectIsSignedIn, selectIsStaff, useAuthStore } from '@atelier/session';
import { ErrorDisplay, RemoteFragment, usePageTitle } from '@atelier/ui';
import { useImage } from '../shared/catalogue/api/get-image';
import { ArtistLink } from '../shared/catalogue/components/ArtistLink';
import { FavoriteToggle } from '../shared/catalogue/components/FavoriteToggle';
import { ImageFacts } from '../shared/catalogue/components/ImageFacts';
import { ImageNotFound } from '../shared/catalogue/components/ImageNotFound';
import { ImagePicture } from '../shared/catalogue/components/ImagePicture';
import { KeywordLinks } from '../shared/catalogue/components/KeywordLinks';
import { PrintReadinessTable } from '../shared/catalogue/components/PrintReadinessTable';
import { UnpublishedNotice } from '../shared/catalogue/components/UnpublishedNotice';
import { isImageId } from '../shared/catalogue/lib/image-id';

export {
  UNPUBLISHED_MESSAGE,
  HIDDEN_IMAGE_MESSAGE,
} from '../shared/catalogue/components/image-messages';
export { NOT_FOUND_TITLE } from '../shared/catalogue/components/ImageNotFound';
/** mf-cart owns adding to cart: its Quick Add is loaded at run time (ARCHITECTURE §1). */
export const QUICK_ADD_LABEL = 'Quick Add';

/**
 * Quick Add arrives from mf-cart after the page and then loads its sizes; without a reserved
 * box the print-readiness table and keywords below it jump twice (a layout shift of 0.05 at
 * 1366 px). Its form measured 280 px tall on a desktop; a redeployed form that differs only
 * changes how much, if anything, moves.
 */
const QUICK_ADD_RESERVED_HEIGHT = 280;

/** Titles while the image's own title is not known (the shell's 404 page says 'Not Found'). */
const LOADING_TITLE = 'Image';
const NOT_FOUND_PAGE_TITLE = 'Not Found';

/**
 * One column on a phone (the picture the full width), picture and details side by side from
 * SPEC §9's md breakpoint (768 px). `minmax(0, …)` lets a column shrink below its content's
 * width, so a wide Quick Add or table can never squeeze the picture. On a phone the picture
 * may be as tall as it needs to fill the width; beside the details it stays within the screen.
 */
const LAYOUT_CSS = `
.atelier-image-page { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr);
  --atelier-picture-max-height: 200vh; }
.atelier-image-page > * { min-width: 0; }
.atelier-image-page-details { display: flex; flex-direction: column; gap: 16px; }
.atelier-image-page-details h1 { margin: 0; }
@media (min-width: 768px) {
  .atelier-image-page { grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr);
    align-items: start; --atelier-picture-max-height: 80vh; }
  .atelier-image-page-picture { position: sticky; top: 16px; }
}`;

const isNotFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

export function ImageDetailPage() {
  const { id = '' } = useParams();
  const validId = isImageId(id);
  const image = useImage(id);
  const isStaff = useAuthStore(selectIsStaff);
  const isSignedIn = useAuthStore(selectIsSignedIn);
  const notFound = !validId || isNotFound(image.error);
  usePageTitle(notFound ? NOT_FOUND_PAGE_TITLE : (image.data?.title ?? LOADING_TITLE));

  if (notFound) return <ImageNotFound />;
  if (image.isError) return <ErrorDisplay error={image.error} />;
  if (image.isPending) {
    return (
      <div role="status" aria-label="Loading image" className="atelier-image-page">
        <style>{LAYOUT_CSS}</style>
        {/* As tall as the picture will about be, so the footer does not jump when it arrives. */}
        <Skeleton.Node active style={{ width: '100%', height: '75vh' }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }

  const { data } = image;
  return (
    <article className="atelier-image-page" aria-labelledby="image-title">
      <style>{LAYOUT_CSS}</style>
      <div className="atelier-image-page-picture">
        <ImagePicture
          src={data.imgsrc}
          alt={data.title}
          width={data.max_width}
          height={data.max_height}
          priority
        />
      </div>
      <div className="atelier-image-page-details">
        <div>
          <Typography.Title id="image-title" level={1} style={{ fontFamily: 'Georgia, serif' }}>
            {data.title}
          </Typography.Title>
          <Typography.Paragraph style={{ margin: '4px 0 0' }}>
            by <ArtistLink artist={data.artist} />
          </Typography.Paragraph>
        </div>
        {!data.published && <UnpublishedNotice id={data.id} hidden={!isStaff} />}
        {data.caption && (
          <Typography.Paragraph style={{ margin: 0 }}>{data.caption}</Typography.Paragraph>
        )}
        {isSignedIn && <FavoriteToggle imageId={data.id} favorite={data.user_favorite} />}
        <ImageFacts image={data} isStaff={isStaff} />
        {data.published && (
          <div style={{ minHeight: QUICK_ADD_RESERVED_HEIGHT }}>
            <RemoteFragment
              remote="cart"
              module="./quick-add"
              props={{ image: data }}
              label={QUICK_ADD_LABEL}
            />
          </div>
        )}
        <PrintReadinessTable image={data} />
        <KeywordLinks keywords={data.keywords} />
        <div>
          <Link to="/search">
            <Button tabIndex={-1}>Back to browsing</Button>
          </Link>
        </div>
      </div>
    </article>
  );
}
