import {
  effectiveDpi,
  lowestPriceCents,
  printReadiness,
  readinessCell,
  type PrintReadinessInput,
} from './print-readiness';

const master = (overrides: Partial<PrintReadinessInput> = {}): PrintReadinessInput => ({
  max_width: 3000,
  max_height: 2000,
  price: 1,
  substrates: ['print', 'canvas'],
  substrate_sizes: [],
  ...overrides,
});

const cells = (input: PrintReadinessInput) =>
  printReadiness(input).map((row) => [
    row.substrate,
    readinessCell(row.largest[300]),
    readinessCell(row.largest[150]),
  ]);

describe('print-readiness', () => {
  it('a print fills its size, so the side with fewer pixels per inch decides', () => {
    // 10" x 7" from 3000 × 2000 px: 300 ppi across, but only 285.7 ppi down.
    expect(effectiveDpi({ width: 3000, height: 2000 }, { w: 10, h: 7 })).toBeCloseTo(285.7, 1);
  });

  it('gives per substrate the largest standard size at 300 and at 150 dpi', () => {
    // Standard 3:2 sizes: 8x5, 10x7, 12x8, 16x11, 18x12, 20x13, 24x16 … (short side rounded).
    // 300 dpi: 8x5 (375 ppi) passes, 10x7 (285.7) and 12x8 (250) do not.
    // 150 dpi: 20x13 (150 ppi) passes, 24x16 (125) does not. Canvas starts at 12".
    expect(cells(master())).toEqual([
      ['print', '8" x 5"', '20" x 13"'],
      ['canvas', 'None', '20" x 13"'],
    ]);
  });

  it("uses the server's sizes for the image when it sends them", () => {
    const sizes = [
      { label: '4" x 4"', value: { w: 4, h: 4 }, prices: { print: 999 } },
      { label: '6" x 6"', value: { w: 6, h: 6 }, prices: { print: 1999, canvas: 2999 } },
    ];
    const square = master({ max_width: 1800, max_height: 1800, substrate_sizes: sizes });
    expect(cells(square)).toEqual([
      ['print', '6" x 6"', '6" x 6"'],
      ['canvas', '6" x 6"', '6" x 6"'],
    ]);
    expect(lowestPriceCents(square)).toBe(999);
  });

  it('a small master prints no standard size at full quality', () => {
    expect(cells(master({ max_width: 900, max_height: 600, substrates: ['print'] }))).toEqual([
      ['print', 'None', 'None'],
    ]);
  });
});
