import {
  Fragment,
  useCallback,
  useDeferredValue,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { justifyRows, TILE_GAP, type PlacedTile, type Sized } from './justify';
import { isPlainKey } from './keyboard';
import { MediaTile, TileStyles } from './MediaTile';
import { QuickPanel } from './QuickPanel';
import { useContainerWidth } from './use-container-width';

export interface MediaGridItem extends Sized {
  id: number;
  title: string;
  artist: string;
  thumb: string;
  href: string;
  /** Unpublished images are faded and badged when the grid shows status. */
  published?: boolean;
}

interface MediaGridProps<T extends MediaGridItem> {
  items: readonly T[];
  /** Extra content drawn on a tile, such as a price badge. */
  renderBadge?: (item: T) => ReactNode;
  /** A tile's quick actions menu (staff). */
  renderTileActions?: (item: T) => ReactNode;
  /** The quick view's content for the selected item; without it a click follows the link. */
  renderQuickView?: (item: T) => ReactNode;
  /** The selected item's id (controlled: the page keeps it, e.g. in the URL hash). */
  selectedId?: number | null;
  onSelect?: (id: number | null) => void;
  /** Status display: unpublished tiles are faded with an Unpublished badge. */
  showStatus?: boolean;
  /** Width to lay out with when the container measures 0 wide, having no layout (jsdom). */
  initialWidth?: number;
  /**
   * Rows whose pictures load at once and first (the page's largest paint, at the top); the
   * others load lazily as they near the screen.
   */
  priorityRows?: number;
}

/**
 * Rows drawn at once; the others are drawn right after in a deferred render, which React
 * splits into slices between which the page answers input (a page of a hundred tiles drawn
 * in one go blocked the main thread for a long task). Until then they are empty boxes of
 * their final height, so nothing below them moves.
 */
const FIRST_PASS_ROWS = 4;

/** The selected tile's row and the centre of the tile across the grid (for the caret). */
function locate<T extends { id: number }>(rows: PlacedTile<T>[][], id: number) {
  for (let index = 0; index < rows.length; index++) {
    let left = 0;
    for (const tile of rows[index] as PlacedTile<T>[]) {
      if (tile.item.id === id) return { row: index, caretLeft: left + tile.width / 2 };
      left += tile.width + TILE_GAP;
    }
  }
  return null;
}

/**
 * A justified grid of image tiles (SPEC §2 Media grid). With `renderQuickView`, a click opens
 * the quick view below the tile's row; ←/→ move it and Esc closes it, except in text fields.
 * The panel is an item of the grid's list, after its row's tiles.
 */
export function MediaGrid<T extends MediaGridItem>({
  items,
  renderBadge,
  renderTileActions,
  renderQuickView,
  selectedId: pageSelectedId = null,
  onSelect,
  showStatus = false,
  initialWidth = 1200,
  priorityRows = 0,
}: MediaGridProps<T>) {
  const [ref, measured] = useContainerWidth<HTMLDivElement>();
  // A selection asked for here is drawn at once, in the click's own (urgent) render, while
  // the page takes it through its state: a page that keeps it in the URL updates in a router
  // transition, after re-rendering itself, which put the panel a frame or more after the
  // click. It stands while the page's selection is still the one it was asked over.
  const [asked, setAsked] = useState<{ id: number | null; over: number | null } | null>(null);
  // Once the page's selection moves, it rules again (a later return to the old value, such
  // as the page closing the panel itself, must not bring back this one).
  if (asked && asked.over !== pageSelectedId) setAsked(null);
  const selectedId = asked && asked.over === pageSelectedId ? asked.id : pageSelectedId;
  // No tile is drawn before the container is measured (before the first paint, in the commit
  // that mounts it): tiles drawn at a guessed width were all drawn again at the real one, in
  // the task of that commit. A container measured at 0 (no layout, as in jsdom) lays out at
  // `initialWidth`.
  const width = measured === null ? null : measured || initialWidth;
  const rows = width === null ? [] : justifyRows(items, width);
  const firstPassRows = Math.min(rows.length, FIRST_PASS_ROWS);
  // An urgent render (the measurement's) keeps the deferred count it had, none at first.
  const drawnRows = Math.max(useDeferredValue(rows.length, firstPassRows), firstPassRows);
  const index = selectedId === null ? -1 : items.findIndex((item) => item.id === selectedId);
  const selected = index >= 0 ? (items[index] as T) : undefined;
  const quickView = Boolean(renderQuickView && onSelect);
  const place = selected && quickView ? locate(rows, selected.id) : null;

  // The latest selection for the key handler, without re-binding it on every change.
  const state = useRef({ selectedId, pageSelectedId, items, onSelect });
  // A selection asked for but not yet rendered: the page re-renders with it later (a router
  // transition), and a key pressed before then must step from it, not from the old one.
  const requested = useRef<{ id: number | null } | null>(null);
  useEffect(() => {
    state.current = { selectedId, pageSelectedId, items, onSelect };
    if (requested.current?.id === selectedId) requested.current = null;
  });
  const currentIndex = () => {
    const { selectedId: shown, items: list } = state.current;
    const id = requested.current ? requested.current.id : shown;
    return id === null ? -1 : list.findIndex((item) => item.id === id);
  };
  const lastSelected = useRef<number | null>(null);

  const select = useCallback((id: number | null) => {
    requested.current = { id };
    setAsked({ id, over: state.current.pageSelectedId });
    state.current.onSelect?.(id);
  }, []);
  const activate = useCallback(
    (id: number) => select(state.current.items[currentIndex()]?.id === id ? null : id),
    [select],
  );

  useEffect(() => {
    if (!quickView) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const current = currentIndex();
      const list = state.current.items;
      if (current < 0 || !isPlainKey(event)) return;
      const target =
        event.key === 'ArrowLeft'
          ? list[current - 1]
          : event.key === 'ArrowRight'
            ? list[current + 1]
            : undefined;
      if (event.key === 'Escape') select(null);
      else if (target) select(target.id);
      else if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      // Taken here (capture phase): the page's own ←/→ paging must not run as well.
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [quickView, select]);

  // Closing gives focus back to the tile it was opened from.
  useEffect(() => {
    const previous = lastSelected.current;
    lastSelected.current = selected?.id ?? null;
    if (previous !== null && !selected && ref.current) {
      ref.current.querySelector<HTMLElement>(`[data-tile-id="${previous}"] a`)?.focus();
    }
  }, [selected, ref]);

  const rowElement = (row: PlacedTile<T>[], key: number) =>
    key >= drawnRows ? (
      <div key={key} style={{ height: row[0]?.height ?? 0, marginBottom: TILE_GAP }} />
    ) : (
      <div key={key} style={{ display: 'flex', gap: TILE_GAP, marginBottom: TILE_GAP }}>
        {row.map(({ item, width, height }) => (
          <MediaTile
            key={item.id}
            id={item.id}
            href={item.href}
            title={item.title}
            artist={item.artist}
            thumb={item.thumb}
            width={width}
            height={height}
            priority={key < priorityRows}
            selected={item.id === selected?.id}
            unpublished={showStatus && item.published === false}
            badge={renderBadge?.(item)}
            actions={renderTileActions?.(item)}
            onActivate={quickView ? activate : undefined}
            item={item}
          />
        ))}
      </div>
    );

  const panel = place && selected && renderQuickView && (
    // A list holds list items only: the panel is one, between its rows.
    <div role="listitem">
      <QuickPanel
        title={selected.title}
        caretLeft={place.caretLeft}
        hasPrevious={index > 0}
        hasNext={index < items.length - 1}
        onPrevious={() => select(items[index - 1]?.id ?? null)}
        onNext={() => select(items[index + 1]?.id ?? null)}
        onClose={() => select(null)}
      >
        {renderQuickView(selected)}
      </QuickPanel>
    </div>
  );
  // The panel goes in beside its row, and no row changes parent: opening it mounts the panel
  // only, not every tile below it again (a hundred tiles took most of the opening time).
  return (
    <div ref={ref} className="atelier-media-grid">
      <TileStyles />
      <div role="list" aria-label="Images">
        {rows.map((row, i) => (
          <Fragment key={i}>
            {rowElement(row, i)}
            {place?.row === i && panel}
          </Fragment>
        ))}
      </div>
    </div>
  );
}
