import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { justifyRows, TILE_GAP, type Sized } from './justify';
import { useContainerWidth } from './use-container-width';

export interface MediaGridItem extends Sized {
  id: number;
  title: string;
  artist: string;
  thumb: string;
  href: string;
}

interface MediaGridProps<T extends MediaGridItem> {
  items: readonly T[];
  /** Extra content drawn on a tile, such as a price badge. */
  renderBadge?: (item: T) => ReactNode;
  /** Width to lay out with before the container has been measured (tests, first paint). */
  initialWidth?: number;
}

/** A justified grid of image tiles, each a link to its image. */
export function MediaGrid<T extends MediaGridItem>({
  items,
  renderBadge,
  initialWidth = 1200,
}: MediaGridProps<T>) {
  const [ref, measured] = useContainerWidth<HTMLDivElement>();
  const rows = justifyRows(items, measured || initialWidth);
  return (
    <div ref={ref} className="atelier-media-grid" role="list" aria-label="Images">
      {rows.map((row, index) => (
        <div key={index} style={{ display: 'flex', gap: TILE_GAP, marginBottom: TILE_GAP }}>
          {row.map(({ item, width, height }) => (
            <Link
              key={item.id}
              to={item.href}
              role="listitem"
              aria-label={`${item.title} by ${item.artist}`}
              style={{
                position: 'relative',
                display: 'block',
                width,
                height,
                flex: 'none',
                background: '#e8e2d8',
                overflow: 'hidden',
                borderRadius: 4,
              }}
            >
              <img
                src={item.thumb}
                alt={item.title}
                loading="lazy"
                decoding="async"
                width={Math.round(width)}
                height={Math.round(height)}
                style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
              />
              {renderBadge?.(item)}
            </Link>
          ))}
        </div>
      ))}
    </div>
  );
}
