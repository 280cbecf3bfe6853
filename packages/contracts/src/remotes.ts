import { z } from 'zod';

/** `/remotes.json`: remote name → URL of its `mf-manifest.json`, read by the shell at boot. */
export const remotesManifest = z.object({
  storefront: z.string().min(1),
  cart: z.string().min(1),
  artist: z.string().min(1),
  manage: z.string().min(1),
});
export type RemotesManifest = z.infer<typeof remotesManifest>;
