import { z } from 'zod';
import { pageOf } from './common';

/** An artist of SPEC §3 as `GET /api/artist/` lists it (gaa_artist is shown as Portal). */
export const artist = z.object({
  id: z.number().int(),
  name: z.string(),
  royalty_code: z.string(),
  gaa_artist: z.boolean(),
  active: z.boolean(),
  created: z.string(),
});
export type Artist = z.infer<typeof artist>;

export const artistPage = pageOf(artist);
export type ArtistPage = z.infer<typeof artistPage>;
