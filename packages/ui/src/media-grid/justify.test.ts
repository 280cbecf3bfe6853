import { BASE_ROW_HEIGHT, justifyRows, TILE_GAP } from './justify';

const tile = (width: number, height: number) => ({ width, height });

describe('justifyRows', () => {
  it('uses a base height of 200 px and widths proportional to the aspect ratio', () => {
    expect(BASE_ROW_HEIGHT).toBe(200);
    const [row] = justifyRows([tile(300, 200), tile(200, 200)], 10_000);
    expect(row!.map((t) => [t.width, t.height])).toEqual([
      [300, 200],
      [200, 200],
    ]);
  });

  it('fills every full row exactly to the container width', () => {
    const items = Array.from({ length: 30 }, (_, i) =>
      tile(i % 3 === 0 ? 400 : 300, i % 2 ? 300 : 400),
    );
    const rows = justifyRows(items, 1000);
    expect(rows.length).toBeGreaterThan(2);
    for (const row of rows.slice(0, -1)) {
      const width = row.reduce((sum, t) => sum + t.width, 0) + TILE_GAP * (row.length - 1);
      expect(width).toBeCloseTo(1000, 5);
      expect(new Set(row.map((t) => t.height)).size).toBe(1);
    }
    expect(rows.flat().map((t) => t.item)).toEqual(items);
  });

  it('leaves the last unfilled row at the base height', () => {
    const rows = justifyRows([tile(400, 200), tile(400, 200), tile(100, 200)], 1000);
    expect(rows.at(-1)!.every((t) => t.height === 200)).toBe(true);
  });

  it('treats a tile without dimensions as square and an unmeasured container as empty', () => {
    expect(justifyRows([tile(0, 0)], 1000)[0]![0]!.width).toBe(200);
    expect(justifyRows([tile(100, 100)], 0)).toEqual([]);
  });
});
