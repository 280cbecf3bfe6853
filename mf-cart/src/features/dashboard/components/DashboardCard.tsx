import type { ReactNode } from 'react';
import { Card, Empty } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { ErrorDisplay, Loading } from '@atelier/ui';
import { Link } from 'react-router-dom';
import { DASHBOARD_MESSAGES } from '../messages';

export interface DashboardCardProps<T> {
  title: string;
  /** The full list's route. */
  to: string;
  query: UseQueryResult<T>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}

/** One dashboard section: a titled card with a link to the full list and an empty state. */
export function DashboardCard<T>({
  title,
  to,
  query,
  isEmpty,
  empty,
  children,
}: DashboardCardProps<T>) {
  const id = `dashboard-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  let body: ReactNode;
  if (query.isPending) body = <Loading label={`Loading ${title.toLowerCase()}`} />;
  else if (query.isError) body = <ErrorDisplay error={query.error} />;
  else if (isEmpty(query.data))
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  else body = children(query.data);
  return (
    <Card
      role="region"
      aria-labelledby={id}
      title={
        <h2 id={id} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </h2>
      }
      extra={
        <Link to={to} aria-label={`${DASHBOARD_MESSAGES.viewAll}: ${title}`}>
          {DASHBOARD_MESSAGES.viewAll}
        </Link>
      }
      style={{ height: '100%' }}
    >
      {body}
    </Card>
  );
}
