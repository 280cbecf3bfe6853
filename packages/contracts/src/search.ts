import { z } from 'zod';
import { imageCard } from './catalogue';

/**
 * Facet counts: filter name (SEARCH_FACETS) → value → number of matching images. Computed
 * disjunctively: a dimension's own selection does not shrink its own counts (choosing
 * `colours=red` still counts blue, as "what choosing blue too would add"). minimum_size
 * counts images of at least that size; its 'all' is the whole result set.
 *
 * Exact while the result set (for that dimension) is within the server's count cap; beyond
 * it, counted on a uniform random sample of the set and scaled to its (exact) size, and the
 * response says so (`facets_estimated`).
 */
const facetCounts = z.record(z.string(), z.record(z.string(), z.number().int()));
export type FacetCounts = z.infer<typeof facetCounts>;

/** SPEC §3 Related keyword: a keyword often found with the query, with one of its images. */
const relatedKeyword = z.object({
  /** The keyword itself: search for it with q=<id>. */
  id: z.string(),
  label: z.string(),
  /** URL of a thumbnail of an image with that keyword. */
  thumb: z.string(),
});
export type RelatedKeyword = z.infer<typeof relatedKeyword>;

/** `GET /content/search/v3/`: the search response of SPEC §3. */
export const searchResponse = z.object({
  images: z.array(imageCard),
  /** Matching images: exact, or a lower bound when total_is_partial. */
  total: z.number().int().nonnegative(),
  /** Same as total (one index holds internal and external images). */
  total_available: z.number().int().nonnegative(),
  /** How many results can be paged through: min(total, result window of 10,000). */
  total_for_pagination: z.number().int().nonnegative(),
  /** The total was not counted to the end: `total` is a lower bound ("At least ..."). */
  total_is_partial: z.boolean(),
  facets: facetCounts,
  /**
   * Some facet counts are estimates from a uniform sample of a large result set (each within
   * ±5 % of the exact count at the 95 % level for a value holding a tenth of the set or more).
   */
  facets_estimated: z.boolean().optional(),
  /**
   * When nothing matched: a corrected query built from the catalogue's own words and artist
   * names that does find images ("Did you mean …?").
   */
  suggestion: z.string().optional(),
  errors: z.array(z.string()),
  /** Keywords found with the query in its best results (empty without a query). */
  related_keywords: z.array(relatedKeyword).default([]),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/** `GET /content/search/`: related images (SPEC §9: up to 5, the first the image itself). */
export const relatedImagesResponse = z.object({ images: z.array(imageCard) });
export type RelatedImagesResponse = z.infer<typeof relatedImagesResponse>;
