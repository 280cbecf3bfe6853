import { REMOTE_NAMES, type RemotesManifest } from '@atelier/contracts';

/** Where the page learns where each remote is deployed. */
export const REMOTES_MANIFEST_URL = '/remotes.json';

export type { RemotesManifest };

/**
 * `/remotes.json` says where each remote is deployed (name → mf-manifest.json URL). It is
 * read at run time, so a team ships its remote by repointing it; the shell is not rebuilt.
 */
export async function fetchRemotesManifest(url = REMOTES_MANIFEST_URL): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = (await response.json()) as Record<string, unknown>;
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const entry = body[name];
    if (typeof entry !== 'string' || !entry) throw new Error(`${url} has no entry for ${name}`);
    manifest[name] = new URL(entry, window.location.href).toString();
  }
  return manifest;
}
