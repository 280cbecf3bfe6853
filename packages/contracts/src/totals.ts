// A project's totals: volume discount and shipping estimate, as plain TypeScript (no zod)
// so that the server and the front ends compute the same figures. Money is integer cents.
// docs/prices.md ("Totals") documents both tables with a worked example; a test keeps
// that example true.

import type { Substrate } from './vocabulary';

/** The most prints of one item in one project (a hotel fit-out orders hundreds). */
export const QUANTITY_MAX = 999;

/**
 * Volume discount by the project's total quantity (prints across all its items): the rate
 * of the highest tier reached applies to the whole subtotal. Ascending by `minQuantity`.
 */
export const VOLUME_DISCOUNT_TIERS = [
  { minQuantity: 1, ratePercent: 0 },
  { minQuantity: 5, ratePercent: 5 },
  { minQuantity: 10, ratePercent: 10 },
  { minQuantity: 25, ratePercent: 15 },
  { minQuantity: 50, ratePercent: 20 },
] as const;

/** How a substrate travels: rolled in a tube, or flat in a crate. */
export const SHIPPING_CLASS: Record<Substrate, 'rolled' | 'crated'> = {
  print: 'rolled',
  mural: 'rolled',
  'window film': 'rolled',
  canvas: 'crated',
  aluminum: 'crated',
  acrylic: 'crated',
  'acoustic panel': 'crated',
  'gator board': 'crated',
};

/**
 * Shipping estimate per print: a base per package plus a rate per started square foot of
 * the print's face. The first print of an item pays the full amount; each further print of
 * the same item ships in the same package and pays half (rounded up to a cent).
 */
export const SHIPPING_RATES = {
  rolled: { baseCents: 800, centsPerSquareFoot: 25 },
  crated: { baseCents: 1500, centsPerSquareFoot: 120 },
} as const;

/** What the totals need of an item: its size in inches, substrate, quantity, unit price. */
export interface TotalsLine {
  width: number;
  height: number;
  substrate: Substrate;
  quantity: number;
  unitPrice: number;
}

export interface ProjectTotals {
  /** Prints across all items (items with quantity 0 count for nothing). */
  quantity: number;
  subtotal: number;
  volume_discount: number;
  /** Percent, 0–100. */
  volume_discount_rate: number;
  shipping: number;
  grand_total: number;
}

/** The discount rate (percent) for a total quantity. */
export function volumeDiscountRate(quantity: number): number {
  let rate = 0;
  for (const tier of VOLUME_DISCOUNT_TIERS)
    if (quantity >= tier.minQuantity) rate = tier.ratePercent;
  return rate;
}

/** Shipping estimate (cents) of `quantity` prints of one item. */
export function lineShipping(
  line: Pick<TotalsLine, 'width' | 'height' | 'substrate' | 'quantity'>,
): number {
  if (line.quantity <= 0) return 0;
  const rate = SHIPPING_RATES[SHIPPING_CLASS[line.substrate]];
  // Square feet, started ones count: sides in hundredths of an inch keep it exact.
  const areaE4 = Math.round(line.width * 100) * Math.round(line.height * 100);
  const squareFeet = Math.ceil(areaE4 / (144 * 10_000));
  const first = rate.baseCents + rate.centsPerSquareFoot * squareFeet;
  return first + (line.quantity - 1) * Math.ceil(first / 2);
}

/** The totals of a project's items. */
export function projectTotals(lines: readonly TotalsLine[]): ProjectTotals {
  let quantity = 0;
  let subtotal = 0;
  let shipping = 0;
  for (const line of lines) {
    if (line.quantity <= 0) continue;
    quantity += line.quantity;
    subtotal += line.unitPrice * line.quantity;
    shipping += lineShipping(line);
  }
  const rate = volumeDiscountRate(quantity);
  const discount = Math.round((subtotal * rate) / 100);
  return {
    quantity,
    subtotal,
    volume_discount: discount,
    volume_discount_rate: rate,
    shipping,
    grand_total: subtotal - discount + shipping,
  };
}

/**
 * An integer with US thousands separators: 1234567 → '1,234,567'. Written out because a
 * page's first `toLocaleString` loads ICU's number formats, about 40 ms on the main thread in
 * Chromium on this project's machines, inside the task that renders the price or the count.
 */
export function groupThousands(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value <= -1 ? `-${grouped}` : grouped;
}

/** USD for display: 2599 → '$25.99', 123456 → '$1,234.56'. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = groupThousands(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}
