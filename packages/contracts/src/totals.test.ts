import { readFileSync } from 'node:fs';
import path from 'node:path';
import { priceCents } from './pricing';
import {
  SHIPPING_CLASS,
  SHIPPING_RATES,
  VOLUME_DISCOUNT_TIERS,
  QUANTITY_MAX,
  formatUsd,
  groupThousands,
  lineShipping,
  projectTotals,
  volumeDiscountRate,
} from './totals';

const DOC = readFileSync(path.resolve(__dirname, '../../../docs/prices.md'), 'utf8');
const section = DOC.slice(DOC.indexOf('## Totals'));

/** The rows of the markdown table that follows `heading` in the section. */
function tableAfter(heading: string): string[][] {
  const start = section.lastIndexOf('\n', section.indexOf(heading)) + 1;
  const lines = section.slice(start).split('\n');
  const first = lines.findIndex((line) => line.trim().startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first)) {
    if (!line.trim().startsWith('|')) break;
    rows.push(
      line
        .trim()
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(2); // header and separator
}

describe('volume discount (docs/prices.md, "Totals")', () => {
  it('documents every tier the code applies', () => {
    const rows = tableAfter('Prints in the project');
    expect(rows).toHaveLength(VOLUME_DISCOUNT_TIERS.length);
    rows.forEach(([range = '', rate = ''], i) => {
      const tier = VOLUME_DISCOUNT_TIERS[i];
      expect(Number(range.replace(/[–+].*$/, ''))).toBe(tier?.minQuantity);
      expect(rate).toBe(`${tier?.ratePercent} %`);
    });
  });

  it.each([
    [1, 0],
    [4, 0],
    [5, 5],
    [9, 5],
    [10, 10],
    [24, 10],
    [25, 15],
    [49, 15],
    [50, 20],
    [QUANTITY_MAX, 20],
  ])('%i prints → %i %%', (quantity, rate) => {
    expect(volumeDiscountRate(quantity)).toBe(rate);
  });
});

describe('shipping (docs/prices.md, "Totals")', () => {
  it('documents both classes with their substrates and rates', () => {
    const rows = tableAfter('| Class');
    expect(rows).toHaveLength(2);
    for (const [name = '', substrates = '', base = '', perFoot = ''] of rows) {
      const cls = name as keyof typeof SHIPPING_RATES;
      expect(Number(base)).toBe(SHIPPING_RATES[cls].baseCents);
      expect(Number(perFoot)).toBe(SHIPPING_RATES[cls].centsPerSquareFoot);
      const documented = substrates.split(',').map((s) => s.trim());
      const actual = Object.entries(SHIPPING_CLASS)
        .filter(([, c]) => c === cls)
        .map(([s]) => s);
      expect(documented.sort()).toEqual(actual.sort());
    }
  });

  it('charges started square feet, and half for each further print of an item', () => {
    expect(lineShipping({ width: 12, height: 12, substrate: 'print', quantity: 1 })).toBe(825);
    expect(lineShipping({ width: 12, height: 12.01, substrate: 'print', quantity: 1 })).toBe(850);
    expect(lineShipping({ width: 12, height: 12, substrate: 'canvas', quantity: 3 })).toBe(
      1620 + 2 * 810,
    );
    expect(lineShipping({ width: 12, height: 12, substrate: 'canvas', quantity: 0 })).toBe(0);
  });
});

describe('the worked example (docs/prices.md, "Totals")', () => {
  const print = priceCents('print', { w: 12, h: 18 }, 1);
  const canvas = priceCents('canvas', { w: 24, h: 36 }, 1);
  const totals = projectTotals([
    { width: 12, height: 18, substrate: 'print', quantity: 4, unitPrice: print },
    { width: 24, height: 36, substrate: 'canvas', quantity: 1, unitPrice: canvas },
    // A hidden item counts for nothing.
    { width: 24, height: 36, substrate: 'acrylic', quantity: 0, unitPrice: 99_999 },
  ]);

  it('computes what docs/prices.md says', () => {
    expect(totals).toEqual({
      quantity: 5,
      subtotal: 24_295,
      volume_discount: 1_215,
      volume_discount_rate: 5,
      shipping: 4_345,
      grand_total: 27_425,
    });
  });

  it.each([
    ['unit prices', [formatUsd(print), formatUsd(canvas)]],
    ['line totals', [formatUsd(print * 4), formatUsd(canvas)]],
    [
      'shipping and totals',
      [
        `**${formatUsd(2125)}**`,
        `**${formatUsd(2220)}**`,
        `Subtotal **${formatUsd(totals.subtotal)}**`,
        `volume discount **${formatUsd(totals.volume_discount)}**`,
        `**${formatUsd(totals.shipping)}**`,
        `**${formatUsd(totals.grand_total)}**`,
      ],
    ],
  ])('shows the %s', (_what, figures) => {
    for (const figure of figures) expect(section).toContain(figure);
  });
});

it('groups thousands as en-US number formatting does', () => {
  const samples = [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 123_456_789, 2 ** 53 - 1];
  for (const value of [...samples, ...samples.map((sample) => -sample).filter(Boolean)]) {
    expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
  }
});

it('formats USD', () => {
  expect(formatUsd(2599)).toBe('$25.99');
  expect(formatUsd(123_456)).toBe('$1,234.56');
  expect(formatUsd(123_456_789)).toBe('$1,234,567.89');
  expect(formatUsd(5)).toBe('$0.05');
  expect(formatUsd(-1215)).toBe('-$12.15');
});
