import { Tag } from 'antd';
import type { ImageCard } from '@atelier/contracts';
import { MediaGrid } from '@atelier/ui';
import { priceLabel } from './price';

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
        <Tag
          style={{ position: 'absolute', right: 4, bottom: 4, margin: 0, opacity: 0.9 }}
          aria-label={`Price tier ${item.price} of 4`}
        >
          {priceLabel(item.price)}
        </Tag>
      )}
    />
  );
}
