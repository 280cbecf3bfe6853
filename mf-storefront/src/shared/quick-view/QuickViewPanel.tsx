import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { ImageCard } from '@atelier/contracts';
import { selectIsSignedIn, selectIsStaff, useAuthStore } from '@atelier/session';
import { ErrorDisplay, RemoteFragment } from '@atelier/ui';
import { useImage } from '../catalogue/api/get-image';
import { FavoriteToggle } from '../catalogue/components/FavoriteToggle';
import { ImageFacts } from '../catalogue/components/ImageFacts';
import { KeywordLinks } from '../catalogue/components/KeywordLinks';
import { UnpublishedNotice } from '../catalogue/components/UnpublishedNotice';
import { ArtistPopoverLink } from './ArtistPopoverLink';
import { useRelatedImages } from './related-images';
import { ThumbnailRow } from './ThumbnailRow';

/** Quick Add belongs to mf-cart and arrives at run time (ARCHITECTURE §1). */
const QUICK_ADD_LABEL = 'Quick Add';
/** The picture's box: as tall as this at most, its width from the aspect ratio. */
const PICTURE_MAX_HEIGHT = 360;

const CSS = `
.sf-quick-view { display: grid; gap: 16px 24px; grid-template-columns: minmax(0, 1fr); }
.sf-quick-view > * { min-width: 0; }
.sf-quick-view-picture img { display: block; max-width: 100%; height: auto; border-radius: 4px;
  background: #e8e2d8; }
.sf-quick-view-details { display: flex; flex-direction: column; gap: 12px; }
.sf-quick-view-details h2 { margin: 0; font-family: Georgia, serif; font-size: 22px; }
@media (min-width: 768px) {
  .sf-quick-view { grid-template-columns: minmax(0, 1fr) minmax(300px, 1fr); }
}`;

function RelatedImages({ image }: { image: ImageCard }) {
  const related = useRelatedImages(image.local_id);
  if (!related.data?.images.length) return null;
  return (
    <section aria-label="Related images">
      <Typography.Text strong>Related images</Typography.Text>
      <ThumbnailRow images={related.data.images} label="Related images" currentId={image.id} />
    </section>
  );
}

/**
 * The quick view's content (SPEC §2): picture, title, artist with its popover, caption,
 * price, resolution, favourite, Quick Add, keywords and related images; staff see the
 * file's facts. The card draws at once; the rest follows from the image's record.
 */
export function QuickViewPanel({ image }: { image: ImageCard }) {
  const detail = useImage(String(image.id));
  const isStaff = useAuthStore(selectIsStaff);
  const isSignedIn = useAuthStore(selectIsSignedIn);
  const height = Math.min(PICTURE_MAX_HEIGHT, image.max_height);
  const width = Math.round((image.max_width / image.max_height) * height);
  const data = detail.data;

  return (
    <article className="sf-quick-view" aria-labelledby={`quick-view-title-${image.id}`}>
      <style>{CSS}</style>
      <div className="sf-quick-view-picture">
        <img
          src={data?.imgsrc ?? image.preview}
          alt={image.title}
          width={width}
          height={height}
          style={{
            aspectRatio: `${image.max_width} / ${image.max_height}`,
            maxHeight: PICTURE_MAX_HEIGHT,
            width: 'auto',
          }}
        />
      </div>
      <div className="sf-quick-view-details">
        <div>
          <h2 id={`quick-view-title-${image.id}`}>
            <Link to={`/images/${image.id}`}>{image.title}</Link>
          </h2>
          <Typography.Paragraph style={{ margin: '4px 0 0' }}>
            by <ArtistPopoverLink artist={image.artist} />
          </Typography.Paragraph>
        </div>
        {!image.published && <UnpublishedNotice id={image.id} hidden={!isStaff} />}
        {detail.isError && <ErrorDisplay error={detail.error} />}
        {detail.isPending && <Skeleton active paragraph={{ rows: 4 }} />}
        {data && (
          <>
            {data.caption && (
              <Typography.Paragraph style={{ margin: 0 }}>{data.caption}</Typography.Paragraph>
            )}
            <ImageFacts image={data} isStaff={isStaff} />
            {isSignedIn && <FavoriteToggle imageId={data.id} favorite={data.user_favorite} />}
            {data.published && (
              <RemoteFragment
                remote="cart"
                module="./quick-add"
                props={{ image: data }}
                label={QUICK_ADD_LABEL}
              />
            )}
            <KeywordLinks keywords={data.keywords} />
          </>
        )}
        <RelatedImages image={image} />
        <Link to={`/images/${image.id}`}>View details</Link>
      </div>
    </article>
  );
}
