/** SPEC §9: tile width is proportional to the aspect ratio with a base height of 200 px. */
export const BASE_ROW_HEIGHT = 200;
export const TILE_GAP = 8;
/** A row is never stretched taller than this factor of the base height. */
const MAX_STRETCH = 1.6;

export interface Sized {
  width: number;
  height: number;
}

export interface PlacedTile<T> {
  item: T;
  width: number;
  height: number;
}

/**
 * Lays items out in justified rows: each full row fills the container width exactly at a
 * shared height; the last, unfilled row keeps the base height.
 */
export function justifyRows<T extends Sized>(
  items: readonly T[],
  containerWidth: number,
  baseHeight = BASE_ROW_HEIGHT,
  gap = TILE_GAP,
): PlacedTile<T>[][] {
  if (containerWidth <= 0) return [];
  const rows: PlacedTile<T>[][] = [];
  let row: T[] = [];
  let rowWidth = 0;
  const ratio = (item: T) => (item.width > 0 && item.height > 0 ? item.width / item.height : 1);

  for (const item of items) {
    row.push(item);
    rowWidth += ratio(item) * baseHeight;
    const gaps = gap * (row.length - 1);
    if (rowWidth + gaps >= containerWidth) {
      const height = Math.min(
        ((containerWidth - gaps) / rowWidth) * baseHeight,
        baseHeight * MAX_STRETCH,
      );
      rows.push(row.map((it) => ({ item: it, width: ratio(it) * height, height })));
      row = [];
      rowWidth = 0;
    }
  }
  if (row.length > 0) {
    rows.push(row.map((it) => ({ item: it, width: ratio(it) * baseHeight, height: baseHeight })));
  }
  return rows;
}
