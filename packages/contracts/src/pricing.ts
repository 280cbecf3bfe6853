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
export const SUBSTRATE_RULES: Record<
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
