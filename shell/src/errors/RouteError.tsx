import { useRouteError } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';

/** Last resort, when the page frame itself failed. */
export function RouteError() {
  const error = useRouteError();
  return (
    <main style={{ maxWidth: 720, margin: '48px auto', padding: 24 }}>
      <ErrorDisplay error={error} />
    </main>
  );
}
