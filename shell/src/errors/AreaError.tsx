import { Button } from 'antd';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { isRemoteLoadError } from '../federation/remote-load-error';
import { NotFound } from './NotFound';
import { RemoteErrorPanel } from './RemoteErrorPanel';

const isChunkLoadError = (error: unknown) =>
  error instanceof Error && /ChunkLoadError|Loading chunk|RUNTIME-00/.test(`${error.name} ${error.message}`);

/** The error boundary of the main area and of each remote's area: the nav bar stays. */
export function AreaError() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  if (isRemoteLoadError(error)) {
    return (
      <RemoteErrorPanel
        remote={error.remote}
        detail={error.message}
        onRetry={() => void navigate(location, { replace: true })}
      />
    );
  }
  const reload = (
    <Button size="small" onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
  return (
    <div style={{ padding: 24 }}>
      <ErrorDisplay error={error} action={isChunkLoadError(error) ? reload : undefined} />
    </div>
  );
}
