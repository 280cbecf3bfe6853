import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ImageCard } from '@atelier/contracts';
import { MediaGrid } from '@atelier/ui';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import {
  LazyQuickViewPanel,
  LazyStaffQuickActions,
  preloadQuickView,
} from '../../quick-view/lazy-quick-view';
import { PriceBadge } from './PriceBadge';

/** The selected image's id from the URL hash (`#123`), or null. */
function selectedFromHash(hash: string): number | null {
  const match = /^#(\d{1,15})$/.exec(hash);
  return match ? Number(match[1]) : null;
}

/**
 * Catalogue images in the justified grid with their price badges. A click opens the quick
 * view below the row; the URL hash holds the selected image, so a reload or a shared link
 * opens it again.
 */
export function ImageGrid({
  images,
  priorityRows = 0,
}: {
  images: readonly ImageCard[];
  /** Rows at the top of the page, whose pictures load first (the largest paint). */
  priorityRows?: number;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const isStaff = useAuthStore(selectIsStaff);
  const items = useMemo(
    () =>
      images.map((image) => ({
        ...image,
        width: image.max_width,
        height: image.max_height,
        href: `/images/${image.id}`,
      })),
    [images],
  );
  const select = useCallback(
    (id: number | null) =>
      // Replace: stepping through images with ←/→ must not fill the Back button's history.
      navigate(
        { pathname: location.pathname, search: location.search, hash: id === null ? '' : `#${id}` },
        { replace: true },
      ),
    [navigate, location.pathname, location.search],
  );
  const preload = () => preloadQuickView(isStaff);
  return (
    <div onPointerOver={preload} onFocus={preload} onTouchStart={preload}>
      <MediaGrid
        items={items}
        priorityRows={priorityRows}
        selectedId={selectedFromHash(location.hash)}
        onSelect={select}
        showStatus={isStaff}
        renderBadge={(item) => <PriceBadge tier={item.price} />}
        renderQuickView={(item) => <LazyQuickViewPanel image={item} />}
        renderTileActions={isStaff ? (item) => <LazyStaffQuickActions image={item} /> : undefined}
      />
    </div>
  );
}
