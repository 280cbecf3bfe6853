import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  PRICE_TIERS,
  STANDARD_LONG_SIDES_IN,
  SUBSTRATES,
  SUBSTRATE_LONG_SIDE_IN,
  CUSTOM_SIZE_FORMAT_ERROR,
  CUSTOM_SIZE_RANGE_ERROR,
  availableSizes,
  availableSizesResponse,
  customSizesAllowed,
  parseCustomSize,
  defaultSize,
  defaultSubstrate,
  priceCents,
  substratesFor,
  type PriceTier,
  type Substrate,
} from '@atelier/contracts';
import { REPO_ROOT } from '../../config';
import { createTestApp, type TestContext } from '../../test/app';
import { TEST_DRIVERS } from '../../test/databases';

describe('price model', () => {
  it.each([
    // (base + rate × area) × tier%, up to a whole dollar, minus a cent.
    ['print', 12, 18, 1, 2599], // 1500 + 5 × 216 = 2580 → $26 → 2599
    ['print', 12, 18, 2, 3299], // 2580 × 1.25 = 3225 → $33 → 3299
    ['canvas', 24, 36, 1, 13899], // 3500 + 12 × 864 = 13868 → $139
    ['canvas', 24, 36, 4, 27799], // 13868 × 2 = 27736 → $278
    ['aluminum', 16, 20, 3, 16499], // (4500 + 18 × 320) × 1.6 = 16416 → $165
    ['mural', 144, 96, 1, 64299], // 9000 + 4 × 13824 = 64296 → $643
    ['print', 20, 15, 1, 2999], // 1500 + 5 × 300 = 3000 exactly → $30 → 2999
  ] as const)('%s %i" x %i" at tier %i costs %i cents', (substrate, w, h, tier, cents) => {
    expect(priceCents(substrate, { w, h }, tier)).toBe(cents);
  });

  it('gives integer cents ending in 99, for fractional custom sizes too', () => {
    for (const substrate of SUBSTRATES) {
      for (const tier of PRICE_TIERS) {
        for (const size of [
          { w: 0.1, h: 0.1 },
          { w: 12.37, h: 9.01 },
          { w: 1000, h: 1000 },
        ]) {
          const cents = priceCents(substrate, size, tier);
          expect(Number.isSafeInteger(cents)).toBe(true);
          expect(cents % 100).toBe(99);
          expect(cents).toBeGreaterThan(0);
        }
      }
    }
  });

  it('never falls as the area or the tier grows', () => {
    for (const substrate of SUBSTRATES) {
      for (const tier of PRICE_TIERS) {
        let previous = 0;
        for (let side = 1; side <= 240; side += 0.5) {
          const cents = priceCents(substrate, { w: side, h: side * 0.75 }, tier);
          expect(cents).toBeGreaterThanOrEqual(previous);
          previous = cents;
        }
      }
      for (const size of [
        { w: 8, h: 10 },
        { w: 36, h: 24 },
      ]) {
        const byTier = PRICE_TIERS.map((tier) => priceCents(substrate, size, tier));
        expect([...byTier].sort((a, b) => a - b)).toEqual(byTier);
        expect(byTier[3]).toBeGreaterThan(byTier[0] as number);
      }
      // Strictly more for a clearly larger print.
      expect(priceCents(substrate, { w: 40, h: 30 }, 1)).toBeGreaterThan(
        priceCents(substrate, { w: 20, h: 15 }, 1),
      );
    }
  });
});

describe('standard sizes', () => {
  it('follows the aspect ratio, width first as the picture is oriented, ascending', () => {
    const { sizes } = availableSizes(1200, 1800, 1);
    expect(sizes.slice(0, 4).map((s) => s.label)).toEqual([
      '5" x 8"',
      '7" x 10"',
      '8" x 12"',
      '11" x 16"',
    ]);
    expect(sizes.find((s) => s.value.h === 18)?.label).toBe('12" x 18"');
    const longs = sizes.map((s) => Math.max(s.value.w, s.value.h));
    expect([...longs].sort((a, b) => a - b)).toEqual(longs);
    for (const size of sizes) expect(size.value.w).toBeLessThan(size.value.h);
  });

  it('gives the same sizes for pixels and for the bare ratio', () => {
    expect(availableSizes(3000, 2000, 2)).toEqual(availableSizes(3, 2, 2));
  });

  it('prices each size only on substrates the ratio allows and that come in that size', () => {
    for (const [w, h] of [
      [3, 2],
      [2, 3],
      [1, 1],
      [3, 1],
      [1, 4],
    ] as const) {
      const result = availableSizes(w, h, 3);
      expect(result.substrates).toEqual(substratesFor(w, h));
      expect(result.sizes.length).toBeGreaterThan(0);
      for (const size of result.sizes) {
        const long = Math.max(size.value.w, size.value.h);
        expect(STANDARD_LONG_SIDES_IN).toContain(long);
        for (const [substrate, cents] of Object.entries(size.prices)) {
          const s = substrate as Substrate;
          expect(result.substrates).toContain(s);
          expect(long).toBeGreaterThanOrEqual(SUBSTRATE_LONG_SIDE_IN[s].min);
          expect(long).toBeLessThanOrEqual(SUBSTRATE_LONG_SIDE_IN[s].max);
          expect(cents).toBe(priceCents(s, size.value, 3));
        }
        expect(Object.keys(size.prices).length).toBeGreaterThan(0);
      }
    }
    // Murals only for wide pictures, and only in wall sizes.
    const wide = availableSizes(3, 2, 1).sizes;
    expect(wide.filter((s) => s.prices.mural).map((s) => s.value.w)).toEqual([
      72, 96, 120, 144, 180, 240,
    ]);
    expect(availableSizes(2, 3, 1).sizes.some((s) => s.prices.mural)).toBe(false);
  });

  it('picks the third size and print by default (SPEC §5)', () => {
    const { sizes, substrates } = availableSizes(3, 2, 1);
    expect(defaultSize(sizes)?.label).toBe('12" x 8"');
    expect(defaultSize(sizes.slice(0, 1))?.label).toBe('8" x 5"');
    expect(defaultSubstrate(substrates)).toBe('print');
    expect(defaultSubstrate(['canvas', 'mural'])).toBe('canvas');
  });
});

describe('custom sizes (SPEC §5)', () => {
  const substrates = ['print', 'canvas'] as const;

  it.each([
    ['20x30', { w: 20, h: 30 }, '20" x 30" (Custom)'],
    ['20 by 30', { w: 20, h: 30 }, '20" x 30" (Custom)'],
    ['12.345 X 8', { w: 12.35, h: 8 }, '12.35" x 8" (Custom)'],
    ['20" x 30"', { w: 20, h: 30 }, '20" x 30" (Custom)'],
    ['20', { w: 20, h: 13.33 }, '20" x 13.33" (Auto)'], // ratio 3:2
    [' 0.1 ', { w: 0.1, h: 0.07 }, null], // the computed side is below 0.1
  ] as const)('reads %j', (text, value, label) => {
    const result = parseCustomSize(text, 1.5, substrates, 2);
    if (label === null) {
      expect(result).toEqual({ ok: false, error: CUSTOM_SIZE_RANGE_ERROR });
      return;
    }
    expect(result).toEqual({
      ok: true,
      size: {
        label,
        value,
        userInput: value,
        prices: {
          print: priceCents('print', value, 2),
          canvas: priceCents('canvas', value, 2),
        },
      },
    });
  });

  it.each(['', 'big', '20x', 'x30', '20 x 30 x 40', '-5', '1e3'])('refuses %j', (text) => {
    expect(parseCustomSize(text, 1, substrates, 1)).toEqual({
      ok: false,
      error: CUSTOM_SIZE_FORMAT_ERROR,
    });
  });

  it.each(['0.09x10', '10x1000.01', '0', '1001'])(
    'keeps each side within 0.1–1000 in: %j',
    (text) => {
      expect(parseCustomSize(text, 1, substrates, 1)).toEqual({
        ok: false,
        error: CUSTOM_SIZE_RANGE_ERROR,
      });
    },
  );

  it('allows custom sizes only with a profile, no preset sizes, and not for mural or window film', () => {
    const base = { hasProfile: true, substrateSizes: [], substrate: 'print' as const };
    expect(customSizesAllowed(base)).toBe(true);
    expect(customSizesAllowed({ ...base, hasProfile: false })).toBe(false);
    expect(customSizesAllowed({ ...base, substrateSizes: [{}] })).toBe(false);
    expect(customSizesAllowed({ ...base, substrate: 'mural' })).toBe(false);
    expect(customSizesAllowed({ ...base, substrate: 'window film' })).toBe(false);
    expect(customSizesAllowed({ ...base, substrate: 'canvas' })).toBe(true);
  });
});

describe.each(TEST_DRIVERS)('GET /api/v1/availablesizes/ on %s', (driver) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(driver);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the substrates and priced sizes for pixel dimensions', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/availablesizes/?w=4000&h=3000&price=2' });
    expect(res.statusCode).toBe(200);
    const body = availableSizesResponse.parse(res.json());
    expect(body).toEqual(availableSizes(4000, 3000, 2));
    expect(body.price).toBe(2);
    expect(body.substrates).toEqual([...SUBSTRATES]);
    const third = body.sizes[2];
    expect(third).toEqual({
      label: '12" x 9"',
      value: { w: 12, h: 9 },
      prices: {
        print: priceCents('print', { w: 12, h: 9 }, 2),
        aluminum: priceCents('aluminum', { w: 12, h: 9 }, 2),
        acrylic: priceCents('acrylic', { w: 12, h: 9 }, 2),
        canvas: priceCents('canvas', { w: 12, h: 9 }, 2),
        'window film': priceCents('window film', { w: 12, h: 9 }, 2),
        'gator board': priceCents('gator board', { w: 12, h: 9 }, 2),
      },
    });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('takes a bare ratio, and prices for tier 1 without a price', async () => {
    const res = await ctx.app.inject({ url: '/api/v1/availablesizes/?w=1&h=3' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(availableSizes(1, 3, 1 as PriceTier));
  });

  it.each([
    ['h=2', { w: ['This field is required.'] }],
    ['w=&h=2', { w: ['This field is required.'] }],
    ['w=3', { h: ['This field is required.'] }],
    ['w=abc&h=2', { w: ['A valid number is required.'] }],
    ['w=3&h=Infinity', { h: ['A valid number is required.'] }],
    ['w=0&h=2', { w: ['Ensure this value is greater than 0.'] }],
    ['w=-3&h=2', { w: ['Ensure this value is greater than 0.'] }],
    ['w=3&h=2000001', { h: ['Ensure this value is less than or equal to 1000000.'] }],
    ['w=3&h=2&price=5', { price: ['Ensure this value is less than or equal to 4.'] }],
    ['w=3&h=2&price=0', { price: ['Ensure this value is greater than or equal to 1.'] }],
    ['w=3&h=2&price=x', { price: ['A valid integer is required.'] }],
    ['', { w: ['This field is required.'], h: ['This field is required.'] }],
  ])('rejects ?%s with a 400 naming the field', async (query, body) => {
    const res = await ctx.app.inject({ url: `/api/v1/availablesizes/?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(body);
  });
});

describe('docs/prices.md, "Prices"', () => {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'prices.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Prices'), doc.indexOf('## Totals'));

  it('shows what GET /api/v1/availablesizes/?w=6000&h=4000&price=2 answers', () => {
    const json = /```json\n([\s\S]+?)\n```/.exec(section)?.[1] ?? '{}';
    const documented = JSON.parse(json) as ReturnType<typeof availableSizes>;
    const actual = availableSizes(6000, 4000, 2);
    expect(documented.substrates).toEqual(actual.substrates);
    expect(documented.price).toBe(2);
    expect(documented.sizes).toEqual(actual.sizes.slice(0, documented.sizes.length));
  });

  it('gives the worked examples the model computes', () => {
    expect(section).toContain(
      `**$${(priceCents('print', { w: 12, h: 18 }, 1) / 100).toFixed(2)}**`,
    );
    expect(section).toContain(
      `**$${(priceCents('print', { w: 12, h: 18 }, 2) / 100).toFixed(2)}**`,
    );
    expect(section).toContain(
      `**$${(priceCents('canvas', { w: 24, h: 36 }, 1) / 100).toFixed(2)}**`,
    );
  });
});
