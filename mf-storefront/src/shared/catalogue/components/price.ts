/** SPEC §9: price tiers 1–4 are shown as $ to $$$$. */
export const priceLabel = (tier: number): string =>
  '$'.repeat(Math.min(4, Math.max(1, Math.round(tier))));

/** SPEC §5: resolution is shown only at 1 million pixels or more; physical size at 300 dpi. */
const RESOLUTION_MIN_PIXELS = 1_000_000;
const PRINT_DPI = 300;

export function resolutionLabel(width: number, height: number): string | null {
  if (width * height < RESOLUTION_MIN_PIXELS) return null;
  const megapixels = (width * height) / 1_000_000;
  return `${width} × ${height} px (${megapixels.toFixed(1)} MP)`;
}

export function physicalSizeLabel(width: number, height: number): string {
  const inches = (px: number) => (px / PRINT_DPI).toFixed(1);
  return `${inches(width)} × ${inches(height)} in at ${PRINT_DPI} dpi`;
}
