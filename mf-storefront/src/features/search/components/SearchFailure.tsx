import { Alert, Button } from 'antd';
import { isApiError } from '@atelier/api-client';

const SEARCH_FAILURE_ADVICE = 'Please try again. Contact customer support if this persists.';

/**
 * SPEC §8 search failure text: the server's detail (e.g. 'Result window is too large: ...'),
 * else its raw response data, else the error's own text plus the advice. The generic
 * ErrorDisplay shows only the status line ('400 Bad Request'), which tells a buyer nothing.
 */
function searchFailureText(error: unknown): string {
  if (isApiError(error)) {
    if (error.detail) return error.detail;
    const data = error.response?.data;
    if (typeof data === 'string' && data.trim()) return data;
    if (data !== null && typeof data === 'object' && Object.keys(data).length > 0) {
      return JSON.stringify(data);
    }
  }
  const text = error instanceof Error ? error.message : String(error ?? '');
  return text ? `${text} ${SEARCH_FAILURE_ADVICE}` : SEARCH_FAILURE_ADVICE;
}

/** A failed search: a danger alert with the text above. */
export function SearchFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      title="Search failed"
      description={searchFailureText(error)}
      action={
        onRetry && (
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        )
      }
    />
  );
}

/**
 * Partial failures of a merged search ('{Api} results not available. ...') and the server's
 * own errors: the results shown are incomplete, so say so, as warnings not failures.
 */
export function SearchWarnings({ warnings }: { warnings: readonly string[] }) {
  if (warnings.length === 0) return null;
  return (
    <div style={{ display: 'grid', gap: 8, marginBottom: 12 }}>
      {warnings.map((warning) => (
        <Alert key={warning} type="warning" showIcon title={warning} />
      ))}
    </div>
  );
}
