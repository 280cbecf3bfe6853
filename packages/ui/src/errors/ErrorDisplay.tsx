import type { ReactNode } from 'react';
import { Alert } from 'antd';
import { formatError } from './format-error';

interface ErrorDisplayProps {
  error: unknown;
  action?: ReactNode;
}

/** The one way an error is shown to a person (SPEC §8). */
export function ErrorDisplay({ error, action }: ErrorDisplayProps) {
  const { title, description } = formatError(error);
  return (
    <Alert type="error" showIcon title={title} description={description} action={action} role="alert" />
  );
}
