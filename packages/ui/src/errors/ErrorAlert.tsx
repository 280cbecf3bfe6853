import type { ReactNode } from 'react';
import { Alert } from 'antd';
import type { ErrorSummary } from './format-error';

export default function ErrorAlert({
  title,
  description,
  action,
}: ErrorSummary & { action?: ReactNode }) {
  return <Alert type="error" showIcon title={title} description={description} action={action} />;
}
