import { Empty, Skeleton, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { formatDateTime } from '../../../shared/application-labels';
import { useTransitions, type StatusTarget } from '../api/identity-queries';
import { statusColour, statusLabel, transitionLabel } from './identity-labels';

/** The status history of an identity or account, oldest first; each links to its detail. */
export function TransitionList({
  target,
  manageBase,
}: {
  target: StatusTarget;
  /** The manage path of the target: '/manage/artist-identity/usr-…'. */
  manageBase: string;
}) {
  const transitions = useTransitions(target);
  if (transitions.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (transitions.isError) return <ErrorDisplay error={transitions.error} />;
  if (transitions.data.results.length === 0) return <Empty description="List is empty" />;
  return (
    <ol className="mg-rows" aria-label="Status transitions">
      {transitions.data.results.map((transition) => (
        <li key={transition.token} className="mg-row">
          <Link to={`${manageBase}/status-transitions/${transition.token}`}>
            {transitionLabel(transition)}
          </Link>
          <Tag color={statusColour(transition.transitionTo)}>
            {statusLabel(transition.transitionTo)}
          </Tag>
          <span className="mg-row-facts">{formatDateTime(transition.createdOn)}</span>
          {transition.notes && (
            <span className="mg-row-facts" style={{ flexBasis: '100%' }}>
              {transition.notes}
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
