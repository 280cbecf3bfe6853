import { Alert, Button } from 'antd';
import { formatError, Loading } from '@atelier/ui';
import type { ReactNode } from 'react';

/** Loading and error states of a query; the children once the data is there. */
export function QueryState({
  isPending,
  error,
  refetch,
  label,
  children,
}: {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
  label: string;
  children: ReactNode;
}) {
  if (error) {
    const { title, description } = formatError(error);
    return (
      <Alert
        type="error"
        showIcon
        title={title}
        description={description}
        action={
          <Button size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      />
    );
  }
  if (isPending) return <Loading label={label} />;
  return <>{children}</>;
}
