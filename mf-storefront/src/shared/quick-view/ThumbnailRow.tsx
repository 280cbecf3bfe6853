import { Link } from 'react-router-dom';
import type { ImageCard } from '@atelier/contracts';

const THUMB_HEIGHT = 64;

/** A row of small linked thumbnails, each sized before its picture loads. */
export function ThumbnailRow({
  images,
  label,
  currentId,
}: {
  images: readonly ImageCard[];
  label: string;
  currentId?: number;
}) {
  return (
    <ul
      aria-label={label}
      style={{
        display: 'flex',
        gap: 8,
        listStyle: 'none',
        padding: 0,
        margin: 0,
        flexWrap: 'wrap',
      }}
    >
      {images.map((image) => {
        const width = Math.round((image.max_width / image.max_height) * THUMB_HEIGHT);
        return (
          <li key={image.id}>
            <Link
              to={`/images/${image.id}`}
              aria-current={image.id === currentId ? 'true' : undefined}
              title={image.title}
            >
              <img
                src={image.thumb}
                alt={image.title}
                width={width}
                height={THUMB_HEIGHT}
                loading="lazy"
                style={{
                  display: 'block',
                  objectFit: 'cover',
                  borderRadius: 3,
                  background: '#e8e2d8',
                }}
              />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
