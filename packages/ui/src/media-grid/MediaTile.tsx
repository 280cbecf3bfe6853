import { memo, type MouseEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { isModifiedClick } from './keyboard';

export interface TileProps {
  id: number;
  href: string;
  title: string;
  artist: string;
  thumb: string;
  width: number;
  height: number;
  /** Loaded at once with a high priority (a top row), not lazily. */
  priority: boolean;
  selected: boolean;
  /** Faded with an Unpublished badge (status display on, image not published). */
  unpublished: boolean;
  badge: ReactNode;
  actions: ReactNode;
  onActivate: ((id: number) => void) | undefined;
  /** The item the badge and actions were drawn from: they change only when it does. */
  item: unknown;
}

/** Badge and actions are new elements on every render: they are compared through `item`. */
const sameTile = (a: TileProps, b: TileProps): boolean =>
  (Object.keys(a) as (keyof TileProps)[]).every(
    (key) => key === 'badge' || key === 'actions' || a[key] === b[key],
  );

const TILE_CSS = `
.atelier-tile { position: relative; flex: none; }
.atelier-tile > a { position: relative; display: block; width: 100%; height: 100%; background: #e8e2d8;
  overflow: hidden; border-radius: 4px; outline-offset: 2px; }
.atelier-tile img { width: 100%; height: 100%; object-fit: cover; display: block; }
.atelier-tile-selected > a { outline: 3px solid #1f1a17; }
.atelier-tile-unpublished img { opacity: 0.45; }
.atelier-tile-status { position: absolute; left: 4px; top: 4px; padding: 0 6px; border-radius: 4px;
  font-size: 12px; line-height: 20px; background: #1f1a17; color: #fff; }
.atelier-tile-actions { position: absolute; right: 4px; top: 4px; opacity: 0; }
.atelier-tile:hover .atelier-tile-actions, .atelier-tile:focus-within .atelier-tile-actions,
.atelier-tile-actions:has([aria-expanded="true"]) { opacity: 1; }
@media (hover: none) { .atelier-tile-actions { opacity: 1; } }
`;

/** The grid's tile styles, written once per grid. */
export function TileStyles() {
  return <style>{TILE_CSS}</style>;
}

/**
 * One tile: a link to the image, sized before its picture loads. Memoised: opening the quick
 * view re-renders only the tiles whose selection changed, not a page of a hundred.
 */
export const MediaTile = memo(function MediaTile({
  id,
  href,
  title,
  artist,
  thumb,
  width,
  height,
  priority,
  selected,
  unpublished,
  badge,
  actions,
  onActivate,
}: TileProps) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    // Modifier-clicks follow the link (SPEC §2): a new tab gets the image page.
    if (!onActivate || isModifiedClick(event)) return;
    event.preventDefault();
    onActivate(id);
  };
  const classes = ['atelier-tile'];
  if (selected) classes.push('atelier-tile-selected');
  if (unpublished) classes.push('atelier-tile-unpublished');
  return (
    <div className={classes.join(' ')} style={{ width, height }} data-tile-id={id}>
      <Link
        to={href}
        role="listitem"
        aria-label={`${title} by ${artist}`}
        aria-current={selected ? 'true' : undefined}
        onClick={onClick}
      >
        <img
          src={thumb}
          alt={title}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          width={Math.round(width)}
          height={Math.round(height)}
        />
        {unpublished && <span className="atelier-tile-status">Unpublished</span>}
        {badge}
      </Link>
      {actions && <div className="atelier-tile-actions">{actions}</div>}
    </div>
  );
}, sameTile);
