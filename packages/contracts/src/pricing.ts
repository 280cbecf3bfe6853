// Substrates, standard sizes and the price model, as plain TypeScript (no zod) so that the
// server and the front ends compute the same answers. Money is integer cents.

import { SUBSTRATES, type Substrate } from './vocabulary';

/**
 * Which substrates a picture can be printed on, from its aspect ratio (long side : short
 * side). A substrate with `maxAspect [n, d]` takes pictures whose long side is at most n/d
 * times the short side (sheet and stretcher formats); a mural needs a picture at least as
 * wide as it is tall (walls are wide). Compared in integers (long·d ≤ short·n), so the rule
 * is exact, and the SQL function `atelier_substrates` (migration 0003) is the same rule.
 */
const SUBSTRATE_RULES: Record<
  Substrate,
  { maxAspect: readonly [number, number] | null; landscapeOnly: boolean }
> = {
  print: { maxAspect: null, landscapeOnly: false },
  canvas: { maxAspect: [3, 1], landscapeOnly: false },
  aluminum: { maxAspect: [3, 1], landscapeOnly: false },
  acrylic: { maxAspect: [5, 2], landscapeOnly: false },
  'acoustic panel': { maxAspect: [3, 2], landscapeOnly: false },
  mural: { maxAspect: null, landscapeOnly: true },
  'window film': { maxAspect: [3, 1], landscapeOnly: false },
  'gator board': { maxAspect: [2, 1], landscapeOnly: false },
};

/** The substrates (in SPEC §9 order) a picture of `width` × `height` can be printed on. */
export function substratesFor(width: number, height: number): Substrate[] {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return SUBSTRATES.filter((substrate) => {
    const rule = SUBSTRATE_RULES[substrate];
    if (rule.landscapeOnly && width < height) return false;
    if (rule.maxAspect) {
      const [n, d] = rule.maxAspect;
      if (long * d > short * n) return false;
    }
    return true;
  });
}

/** Sides of a print, in inches (SPEC §5, §9). */
export const SIDE_LIMITS_IN = { min: 0.1, max: 1000 } as const;

/** A print size in inches, width × height as the picture is oriented. */
export interface SizeValue {
  w: number;
  h: number;
}

/** Price tier of an image, 1–4 (shown as $ to $$$$). */
export type PriceTier = 1 | 2 | 3 | 4;
export const PRICE_TIERS = [1, 2, 3, 4] as const;

/**
 * The one price model, in integer cents:
 *
 *   raw   = (BASE[substrate] + RATE[substrate] × area in square inches) × TIER[tier] / 100
 *   price = raw rounded up to a whole dollar, minus one cent (every price ends in .99)
 *
 * BASE covers handling, finishing and packing; RATE is the material and printing per square
 * inch; TIER is the image's price tier as a percentage (tier 1 = 100 %). Computed in exact
 * integers (sides in hundredths of an inch), so it never depends on float rounding: the
 * price rises with the area and with the tier, and is the same on the server and in the UI.
 */
const PRICE_MODEL = {
  baseCents: {
    print: 1500,
    canvas: 3500,
    aluminum: 4500,
    acrylic: 5500,
    'acoustic panel': 6000,
    mural: 9000,
    'window film': 2500,
    'gator board': 2000,
  },
  centsPerSquareInch: {
    print: 5,
    canvas: 12,
    aluminum: 18,
    acrylic: 22,
    'acoustic panel': 20,
    mural: 4,
    'window film': 6,
    'gator board': 9,
  },
  tierPercent: { 1: 100, 2: 125, 3: 160, 4: 200 },
} as const satisfies {
  baseCents: Record<Substrate, number>;
  centsPerSquareInch: Record<Substrate, number>;
  tierPercent: Record<PriceTier, number>;
};

const hundredths = (inches: number): number => Math.round(inches * 100);

/** The price in cents of one print of `size` (inches) on `substrate` for an image of `tier`. */
export function priceCents(substrate: Substrate, size: SizeValue, tier: PriceTier): number {
  // area × 10 000, an integer; then everything × 100 for the tier percentage.
  const areaE4 = hundredths(size.w) * hundredths(size.h);
  const rawE6 =
    (PRICE_MODEL.baseCents[substrate] * 10_000 +
      PRICE_MODEL.centsPerSquareInch[substrate] * areaE4) *
    PRICE_MODEL.tierPercent[tier];
  // rawE6 is cents × 10^6; whole dollars rounded up = ceil(rawE6 / 10^8).
  const dollars = Math.ceil(rawE6 / 100_000_000);
  return dollars * 100 - 1;
}

/**
 * Long sides (inches) of the standard sizes; the short side follows the picture's aspect
 * ratio, rounded to a whole inch (at least 1). Ascending: SPEC §5's default is the third.
 */
export const STANDARD_LONG_SIDES_IN = [
  8, 10, 12, 16, 18, 20, 24, 30, 36, 40, 48, 60, 72, 96, 120, 144, 180, 240,
] as const;

/** The long sides (inches) each substrate is made in. */
export const SUBSTRATE_LONG_SIDE_IN: Record<Substrate, { min: number; max: number }> = {
  print: { min: 8, max: 60 },
  canvas: { min: 12, max: 72 },
  aluminum: { min: 8, max: 60 },
  acrylic: { min: 8, max: 60 },
  'acoustic panel': { min: 24, max: 72 },
  mural: { min: 72, max: 240 },
  'window film': { min: 12, max: 96 },
  'gator board': { min: 8, max: 48 },
};

/** A size option of SPEC §3 with its price on every substrate it is made in. */
export interface SizeOption {
  label: string;
  value: SizeValue;
  /** What the customer typed, for a custom size. */
  userInput?: SizeValue;
  /** Price in cents per substrate (only the substrates made in this size). */
  prices: Partial<Record<Substrate, number>>;
}

/** `GET /api/v1/availablesizes/?w&h[&price]`. */
export interface AvailableSizes {
  /** The substrates for this aspect ratio (`substratesFor`). */
  substrates: Substrate[];
  sizes: SizeOption[];
  /** The price tier the prices are for. */
  price: PriceTier;
}

/** 12 → '12', 12.5 → '12.5', 12.345 → '12.35'. */
const formatInches = (inches: number): string => String(Math.round(inches * 100) / 100);

/** '12" x 18"': width first, as the picture is oriented. */
export const sizeLabel = (size: SizeValue): string =>
  `${formatInches(size.w)}" x ${formatInches(size.h)}"`;

/** Prices of one size on each of `substrates` that is made in that size. */
function pricesFor(
  size: SizeValue,
  substrates: readonly Substrate[],
  tier: PriceTier,
): Partial<Record<Substrate, number>> {
  const long = Math.max(size.w, size.h);
  const prices: Partial<Record<Substrate, number>> = {};
  for (const substrate of substrates) {
    const range = SUBSTRATE_LONG_SIDE_IN[substrate];
    if (long >= range.min && long <= range.max)
      prices[substrate] = priceCents(substrate, size, tier);
  }
  return prices;
}

/**
 * The standard sizes and substrates for a picture of `width` × `height` (pixels, or just
 * the ratio), priced for `tier`. A size is listed when at least one substrate is made in it.
 */
export function availableSizes(width: number, height: number, tier: PriceTier): AvailableSizes {
  const substrates = substratesFor(width, height);
  const ratio = Math.max(width, height) / Math.min(width, height);
  const sizes: SizeOption[] = [];
  for (const long of STANDARD_LONG_SIDES_IN) {
    const short = Math.max(1, Math.round(long / ratio));
    const value = width >= height ? { w: long, h: short } : { w: short, h: long };
    const prices = pricesFor(value, substrates, tier);
    if (Object.keys(prices).length > 0) sizes.push({ label: sizeLabel(value), value, prices });
  }
  return { substrates, sizes, price: tier };
}

/** SPEC §5 default choices: the third standard size, else the first. */
export const defaultSize = <T>(sizes: readonly T[]): T | undefined => sizes[2] ?? sizes[0];
/** SPEC §5 default choices: print, else the first substrate. */
export const defaultSubstrate = (substrates: readonly Substrate[]): Substrate | undefined =>
  substrates.includes('print') ? 'print' : substrates[0];

/** SPEC §5: custom sizes need a profile, no preset sizes, and neither mural nor window film. */
const CUSTOM_SIZE_EXCLUDED: readonly Substrate[] = ['mural', 'window film'];

export function customSizesAllowed(item: {
  hasProfile: boolean;
  substrateSizes: readonly unknown[];
  substrate: Substrate | undefined;
}): boolean {
  return (
    item.hasProfile &&
    item.substrateSizes.length === 0 &&
    (item.substrate === undefined || !CUSTOM_SIZE_EXCLUDED.includes(item.substrate))
  );
}

export const CUSTOM_SIZE_FORMAT_ERROR = 'Enter a size like 20x30, 20 by 30 or 20.';
export const CUSTOM_SIZE_RANGE_ERROR = `Each side must be between ${SIDE_LIMITS_IN.min} and ${SIDE_LIMITS_IN.max} inches.`;

const NUMBER = String.raw`(\d+(?:\.\d*)?|\.\d+)`;
const PAIR = new RegExp(String.raw`^${NUMBER}\s*(?:x|×|by|\*)\s*${NUMBER}$`, 'i');
const SINGLE = new RegExp(String.raw`^${NUMBER}$`);
const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * A typed custom size (SPEC §5): '20x30', '20 by 30' (width × height), or a single number,
 * the width, with the height from the picture's `ratio` (width / height) and the label
 * ending in (Auto). Sides are rounded to 2 decimals and must be 0.1–1000 inches; the
 * result is priced like any size, on `substrates` (no size range applies to custom sizes).
 */
export function parseCustomSize(
  text: string,
  ratio: number,
  substrates: readonly Substrate[],
  tier: PriceTier,
): { ok: true; size: SizeOption } | { ok: false; error: string } {
  const input = text
    .trim()
    .replace(/["”″]|in(ches)?\b/gi, '')
    .trim();
  const pair = PAIR.exec(input);
  const single = pair ? null : SINGLE.exec(input);
  if (!pair && !single) return { ok: false, error: CUSTOM_SIZE_FORMAT_ERROR };
  const w = round2(Number(pair ? pair[1] : single?.[1]));
  const h = round2(pair ? Number(pair[2]) : w / ratio);
  const inRange = (side: number) =>
    Number.isFinite(side) && side >= SIDE_LIMITS_IN.min && side <= SIDE_LIMITS_IN.max;
  if (!inRange(w) || !inRange(h)) return { ok: false, error: CUSTOM_SIZE_RANGE_ERROR };
  const value = { w, h };
  const prices: Partial<Record<Substrate, number>> = {};
  for (const substrate of substrates) prices[substrate] = priceCents(substrate, value, tier);
  return {
    ok: true,
    size: {
      label: `${sizeLabel(value)} (${pair ? 'Custom' : 'Auto'})`,
      value,
      userInput: value,
      prices,
    },
  };
}
