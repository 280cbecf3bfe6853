import { z } from 'zod';
import { imageCard } from './catalogue';

/** Facet counts: filter name → value → number of matching images. */
export const facetCounts = z.record(z.string(), z.record(z.string(), z.number().int()));
export type FacetCounts = z.infer<typeof facetCounts>;

/** `GET /content/search/v3/`: the search response of SPEC §3. */
export const searchResponse = z.object({
  images: z.array(imageCard),
  /** Matching images (a lower bound when total_is_partial). */
  total: z.number().int().nonnegative(),
  total_available: z.number().int().nonnegative(),
  /** How many results can be paged through (offset + limit stays within it). */
  total_for_pagination: z.number().int().nonnegative(),
  total_is_partial: z.boolean(),
  facets: facetCounts,
  errors: z.array(z.string()),
});
export type SearchResponse = z.infer<typeof searchResponse>;
