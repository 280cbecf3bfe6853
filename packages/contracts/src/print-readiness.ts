// Print-readiness of a master file: plain TypeScript (no zod), shared by the storefront's
// image page and the artist's upload screen, so both tell the same sizes.
import type { SubstrateSize } from './catalogue';
import { availableSizes, sizeLabel, type PriceTier, type SizeValue } from './pricing';
import type { Substrate } from './vocabulary';

/** Full print quality (SPEC §9: physical size uses 300 dpi). */
export const FULL_QUALITY_DPI = 300;
/** Still acceptable for prints seen from a distance (large canvases, murals). */
export const VIEWING_DISTANCE_DPI = 150;

/** What an image's print-readiness is computed from: the master file's pixels and sizes. */
export interface PrintReadinessInput {
  max_width: number;
  max_height: number;
  price: number;
  substrates: readonly Substrate[];
  substrate_sizes: readonly SubstrateSize[];
}

export interface PrintReadinessRow {
  substrate: Substrate;
  /** The largest size made on this substrate that the master covers at each dpi; null if none. */
  largest: Record<typeof FULL_QUALITY_DPI | typeof VIEWING_DISTANCE_DPI, SizeValue | null>;
}

/** Clamps an image's tier to the price model's 1–4 (the contract already validates it). */
const priceTierOf = (tier: number): PriceTier =>
  Math.min(4, Math.max(1, Math.round(tier))) as PriceTier;

/**
 * The sizes a buyer can choose: the server's priced sizes, or (when an image carries none)
 * the price model's standard sizes for its ratio, so the page never shows less than Quick Add.
 */
function sizeOptionsOf(image: PrintReadinessInput): readonly SubstrateSize[] {
  if (image.substrate_sizes.length > 0) return image.substrate_sizes;
  return availableSizes(image.max_width, image.max_height, priceTierOf(image.price)).sizes;
}

/**
 * Pixels per inch the master gives a print of `size`. A print fills its whole size, so the
 * picture is scaled until both sides are covered: the side with fewer pixels per inch decides.
 */
export const effectiveDpi = (pixels: { width: number; height: number }, size: SizeValue): number =>
  Math.min(pixels.width / size.w, pixels.height / size.h);

/**
 * Per substrate, the largest standard size (by area) that the master file prints at 300 dpi
 * and at 150 dpi. No print store shows this; it tells a buyer how big to go without blur.
 */
export function printReadiness(image: PrintReadinessInput): PrintReadinessRow[] {
  const options = sizeOptionsOf(image);
  const pixels = { width: image.max_width, height: image.max_height };
  const largestAt = (substrate: Substrate, dpi: number): SizeValue | null => {
    let best: SizeValue | null = null;
    for (const option of options) {
      if (option.prices[substrate] === undefined) continue;
      if (effectiveDpi(pixels, option.value) < dpi) continue;
      if (!best || option.value.w * option.value.h > best.w * best.h) best = option.value;
    }
    return best;
  };
  return image.substrates.map((substrate) => ({
    substrate,
    largest: {
      [FULL_QUALITY_DPI]: largestAt(substrate, FULL_QUALITY_DPI),
      [VIEWING_DISTANCE_DPI]: largestAt(substrate, VIEWING_DISTANCE_DPI),
    },
  }));
}

/** The text of one cell of the print-readiness table. */
const NO_SIZE_AT_DPI = 'None';
export const readinessCell = (size: SizeValue | null): string =>
  size ? sizeLabel(size) : NO_SIZE_AT_DPI;

/** The lowest price (cents) of any size on any substrate: the 'From' price. */
export function lowestPriceCents(image: PrintReadinessInput): number | null {
  let lowest: number | null = null;
  for (const option of sizeOptionsOf(image)) {
    for (const cents of Object.values(option.prices)) {
      if (cents !== undefined && (lowest === null || cents < lowest)) lowest = cents;
    }
  }
  return lowest;
}
