import { loadRemote, registerRemotes } from '@module-federation/runtime';
import type { RouteObject } from 'react-router-dom';
import type { RemoteName } from '@atelier/contracts';
import type { RemotesManifest } from './remotes-manifest';
import { RemoteLoadError } from './remote-load-error';

/** The federation name each remote builds with (see packages/mf-config). */
export const federationName = (remote: RemoteName) => `mf_${remote}`;

export type RemoteRoutesLoader = (remote: RemoteName) => Promise<RouteObject[]>;

/**
 * Registers a remote the first time one of its routes is visited and loads its `./routes`;
 * nothing of a remote is fetched before that. Failures are not cached: the next call (the
 * error panel's retry) re-reads remotes.json if needed and registers the remote afresh.
 */
export function createRemoteRoutesLoader(
  readManifest: () => Promise<RemotesManifest>,
): RemoteRoutesLoader {
  let manifestPromise: Promise<RemotesManifest> | null = null;
  const registered = new Set<RemoteName>();
  const loaded = new Map<RemoteName, Promise<RouteObject[]>>();

  const manifest = () => {
    manifestPromise ??= readManifest().catch((error: unknown) => {
      manifestPromise = null;
      throw error;
    });
    return manifestPromise;
  };

  return (remote) => {
    const cached = loaded.get(remote);
    if (cached) return cached;
    const attempt = (async () => {
      try {
        const entries = await manifest();
        const force = registered.has(remote);
        registerRemotes([{ name: federationName(remote), entry: entries[remote] }], { force });
        registered.add(remote);
        const module = await loadRemote<{ default: RouteObject[] }>(
          `${federationName(remote)}/routes`,
        );
        if (!module || !Array.isArray(module.default))
          throw new Error('its ./routes module is empty');
        return module.default;
      } catch (error) {
        loaded.delete(remote);
        throw new RemoteLoadError(remote, error);
      }
    })();
    loaded.set(remote, attempt);
    return attempt;
  };
}
