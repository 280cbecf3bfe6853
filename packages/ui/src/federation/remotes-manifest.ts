import { REMOTE_NAMES, type RemotesManifest } from '@atelier/contracts';

/** Where the page learns where each remote is deployed. */
export const REMOTES_MANIFEST_URL = '/remotes.json';

export type { RemotesManifest };

/** The id of the copy of `/remotes.json` the server writes into the shell's HTML. */
export const INLINE_REMOTES_ID = 'atelier-remotes';

/**
 * The copy of `/remotes.json` the server wrote into the page's HTML, taken once (a later
 * read, such as a retry after a failure, asks the server afresh), or null without one.
 */
function takeInlineManifest(): Record<string, unknown> | null {
  const element = document.getElementById(INLINE_REMOTES_ID);
  if (!element) return null;
  element.remove();
  try {
    const body: unknown = JSON.parse(element.textContent ?? '');
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * `/remotes.json` says where each remote is deployed (name → mf-manifest.json URL). It is
 * read at run time, so a team ships its remote by repointing it; the shell is not rebuilt.
 * The server writes its answer into the shell's HTML, which saves the first read a round
 * trip; without that copy (or after the first read) it is fetched.
 */
export async function fetchRemotesManifest(url = REMOTES_MANIFEST_URL): Promise<RemotesManifest> {
  const inline = url === REMOTES_MANIFEST_URL ? takeInlineManifest() : null;
  const body = inline ?? (await fetchManifestBody(url));
  const manifest = {} as RemotesManifest;
  for (const name of REMOTE_NAMES) {
    const entry = body[name];
    if (typeof entry !== 'string' || !entry) throw new Error(`${url} has no entry for ${name}`);
    manifest[name] = new URL(entry, window.location.href).toString();
  }
  return manifest;
}

async function fetchManifestBody(url: string): Promise<Record<string, unknown>> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}
