import { lazy, Suspense } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorDisplay, isRemoteLoadError, Loading } from '@atelier/ui';

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
