import type { ImageCard } from '@atelier/contracts';
import { MediaGrid } from '@atelier/ui';
import { priceLabel } from './price';

const badgeStyle = {
  position: 'absolute',
  right: 4,
  bottom: 4,
  padding: '0 6px',
  borderRadius: 4,
  fontSize: 12,
  lineHeight: '20px',
  background: 'rgba(255, 253, 249, 0.9)',
  color: '#1f1a17',
} as const;

/** Catalogue images in the justified grid, each with its price badge. */
export function ImageGrid({ images }: { images: readonly ImageCard[] }) {
  const items = images.map((image) => ({
    ...image,
    width: image.max_width,
    height: image.max_height,
    href: `/images/${image.id}`,
  }));
  return (
    <MediaGrid
      items={items}
      renderBadge={(item) => (
        <span style={badgeStyle} aria-label={`Price tier ${item.price} of 4`}>
          {priceLabel(item.price)}
        </span>
      )}
    />
  );
}
