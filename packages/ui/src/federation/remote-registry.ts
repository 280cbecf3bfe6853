import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RemoteName } from '@atelier/contracts';
import { fetchRemotesManifest, type RemotesManifest } from './remotes-manifest';
import { RemoteLoadError } from './remote-load-error';

/** The federation name each remote builds with (see packages/mf-config). */
export const federationName = (remote: RemoteName) => `mf_${remote}`;

/**
 * `registered`: known to the runtime, nothing loaded from it yet; `loaded`: something of it
 * works on the page; `failed`: registered, but every load so far failed.
 */
type RemoteStatus = 'registered' | 'loaded' | 'failed';

export interface RemoteRegistry {
  /** Loads `exposed` ('./routes', './quick-add') of `remote`; rejects with RemoteLoadError. */
  load<T>(remote: RemoteName, exposed: string): Promise<T>;
}

/**
 * What this page has registered with the federation runtime. Every loader of remote code on
 * the page (the shell's route loader, fragments) goes through one registry, so a remote is
 * registered once and `/remotes.json` is read once.
 *
 * A remote is registered the first time something of it is needed, never before. Failures
 * are not cached: the manifest is read again after a failed read, and a remote that has never
 * loaded is registered afresh (`force`) before the next attempt, which drops the runtime's
 * record of the failed entry. A remote that already works on the page is never forced, so
 * one fragment's failure cannot unload the routes on screen.
 */
export function createRemoteRegistry(
  readManifest: () => Promise<RemotesManifest> = () => fetchRemotesManifest(),
): RemoteRegistry {
  let manifestPromise: Promise<RemotesManifest> | null = null;
  const status = new Map<RemoteName, RemoteStatus>();

  const manifest = () => {
    manifestPromise ??= readManifest().catch((error: unknown) => {
      manifestPromise = null;
      throw error;
    });
    return manifestPromise;
  };

  const register = async (remote: RemoteName) => {
    const current = status.get(remote);
    if (current === 'registered' || current === 'loaded') return;
    const entries = await manifest();
    // Another load may have registered it while the manifest was read.
    const now = status.get(remote);
    if (now === 'registered' || now === 'loaded') return;
    registerRemotes([{ name: federationName(remote), entry: entries[remote] }], {
      force: now === 'failed',
    });
    status.set(remote, 'registered');
  };

  return {
    async load<T>(remote: RemoteName, exposed: string): Promise<T> {
      try {
        await register(remote);
        const module = await loadRemote<T>(
          `${federationName(remote)}/${exposed.replace(/^\.\//, '')}`,
        );
        if (module == null) throw new Error(`its ${exposed} module is empty`);
        status.set(remote, 'loaded');
        return module;
      } catch (error) {
        if (status.get(remote) === 'registered') status.set(remote, 'failed');
        throw error instanceof RemoteLoadError
          ? error
          : new RemoteLoadError(remote, error, exposed);
      }
    },
  };
}

/** The page's one registry: remotes located through `/remotes.json`. */
export const remoteRegistry: RemoteRegistry = createRemoteRegistry();

/**
 * Loads an exposed module of a remote at run time (never a build-time import): the remote is
 * found through `/remotes.json` and registered once for the whole page.
 */
export function loadRemoteModule<T>(remote: RemoteName, exposed: string): Promise<T> {
  return remoteRegistry.load<T>(remote, exposed);
}
