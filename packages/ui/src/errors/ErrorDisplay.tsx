import { lazy, Suspense, type ReactNode } from 'react';
import { formatError } from './format-error';

// antd's Alert loads with the first error, not with every page.
const ErrorAlert = lazy(() => import('./ErrorAlert'));

interface ErrorDisplayProps {
  error: unknown;
  action?: ReactNode;
}

/** The one way an error is shown to a person (SPEC §8). */
export function ErrorDisplay({ error, action }: ErrorDisplayProps) {
  const summary = formatError(error);
  return (
    <div role="alert">
      <Suspense
        fallback={
          <p>
            <strong>{summary.title}</strong> {summary.description}
          </p>
        }
      >
        <ErrorAlert {...summary} action={action} />
      </Suspense>
    </div>
  );
}
