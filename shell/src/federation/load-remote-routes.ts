import type { RouteObject } from 'react-router-dom';
import type { RemoteName } from '@atelier/contracts';
import { remoteRegistry, RemoteLoadError, type RemoteRegistry } from '@atelier/ui';

export type RemoteRoutesLoader = (remote: RemoteName) => Promise<RouteObject[]>;

/**
 * Loads a remote's `./routes` the first time one of its paths is visited; nothing of a remote
 * is fetched before that. It goes through the page's one remote registry (@atelier/ui), which
 * fragments use too, so a remote is registered once. Failures are not cached: the error
 * panel's retry calls again, and the registry re-reads remotes.json or re-registers the
 * remote as needed.
 */
export function createRemoteRoutesLoader(
  registry: RemoteRegistry = remoteRegistry,
): RemoteRoutesLoader {
  const loaded = new Map<RemoteName, Promise<RouteObject[]>>();
  return (remote) => {
    const cached = loaded.get(remote);
    if (cached) return cached;
    const attempt = registry
      .load<{ default?: unknown }>(remote, './routes')
      .then((module) => {
        if (!Array.isArray(module.default)) {
          throw new RemoteLoadError(remote, new Error('its ./routes module is empty'));
        }
        return module.default as RouteObject[];
      })
      .catch((error: unknown) => {
        loaded.delete(remote);
        throw error instanceof RemoteLoadError ? error : new RemoteLoadError(remote, error);
      });
    loaded.set(remote, attempt);
    return attempt;
  };
}
