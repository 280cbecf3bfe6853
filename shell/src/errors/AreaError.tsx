import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorDisplay, isRemoteLoadError, Loading } from '@atelier/ui';
import { ownerOfPath } from '../federation/ownership';

const NotFound = lazy(() => import('./NotFound'));
const RemoteErrorPanel = lazy(() => import('./RemoteErrorPanel'));

const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /ChunkLoadError|Loading chunk|RUNTIME-00/.test(`${error.name} ${error.message}`);

/** The error boundary of the main area and of each remote's area: the nav bar stays. */
export function AreaError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const chunkOwner = isChunkLoadError(error) ? ownerOfPath(location.pathname) : null;
  let content;
  if (isRouteErrorResponse(error) && error.status === 404) {
    content = <NotFound />;
  } else if (isRemoteLoadError(error)) {
    content = (
      <RemoteErrorPanel
        remote={error.remote}
        detail={error.message}
        onRetry={() => void navigate(location, { replace: true })}
      />
    );
  } else if (chunkOwner) {
    // A page's code inside a remote failed or timed out (120 s, SPEC §9): the remote's own
    // panel. Its Retry reloads the page, because the router keeps a failed lazy route's
    // rejection and navigating again would show the same error without fetching anything.
    content = (
      <RemoteErrorPanel
        remote={chunkOwner}
        detail={error instanceof Error ? error.message : String(error)}
        onRetry={() => window.location.reload()}
      />
    );
  } else {
    const reload = (
      <button type="button" onClick={() => window.location.reload()}>
        Reload
      </button>
    );
    content = (
      <div style={{ padding: 24 }}>
        <ErrorDisplay error={error} action={isChunkLoadError(error) ? reload : undefined} />
      </div>
    );
  }
  return <Suspense fallback={<Loading />}>{content}</Suspense>;
}
