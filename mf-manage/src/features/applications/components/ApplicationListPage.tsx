import { Empty, Segmented, Skeleton, Tag, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router-dom';
import type { ApplicationReviewState } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useApplicationList } from '../api/application-queries';
import {
  APPLICATIONS_TITLE,
  applicationState,
  formatDateTime,
  STATE_FILTERS,
  STATE_LABELS,
} from '../../../shared/application-labels';

export const APPLICATION_TYPE = 'artist-application';
const DEFAULT_PAGE_SIZE = 20;

const stateOf = (value: string | null): ApplicationReviewState | 'all' =>
  (STATE_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as ApplicationReviewState | 'all')
    : 'pending';

/** /manage/artist-application: sent applications, those awaiting review first. */
export function ApplicationListPage() {
  const [search, setSearch] = useSearchParams();
  const state = stateOf(search.get('state'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const pageSize = Number(search.get('page_size')) || DEFAULT_PAGE_SIZE;
  const list = useApplicationList(state, page, pageSize);
  const setParams = (next: Record<string, string>) =>
    setSearch({ state, page: String(page), page_size: String(pageSize), ...next });

  return (
    <section>
      <style>{MANAGE_CSS}</style>
      <ManageBreadcrumb type={APPLICATION_TYPE} />
      <div className="mg-header">
        <Typography.Title level={1}>{APPLICATIONS_TITLE}</Typography.Title>
      </div>
      <div className="mg-toolbar">
        <Segmented
          aria-label="Show applications"
          value={state}
          options={STATE_FILTERS.map((value) => ({ value, label: STATE_LABELS[value] }))}
          onChange={(value) => setParams({ state: value, page: '1' })}
        />
      </div>
      {list.isPending && <Skeleton active />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess &&
        (list.data.results.length === 0 ? (
          <Empty description="List is empty" />
        ) : (
          <>
            <ul className="mg-rows" aria-label="Applications">
              {list.data.results.map((application) => {
                const shown = applicationState(application);
                return (
                  <li key={application.id} className="mg-row">
                    <Link to={`/manage/${APPLICATION_TYPE}/${application.id}`}>
                      {application.full_name || application.email}
                    </Link>
                    <Tag color={shown.color}>{shown.label}</Tag>
                    <span className="mg-row-facts">{application.email}</span>
                    <span className="mg-row-facts">
                      Sent {formatDateTime(application.submitted_at)}
                    </span>
                    {application.practice && (
                      <span className="mg-row-facts" style={{ flexBasis: '100%' }}>
                        {application.practice}
                      </span>
                    )}
                  </li>
                );
              })}
            </ul>
            <PaginationBar
              count={list.data.count}
              page={page}
              pageSize={pageSize}
              onChange={(next, size) => setParams({ page: String(next), page_size: String(size) })}
              formatCount={(count) => `${count} application${count === 1 ? '' : 's'}`}
            />
          </>
        ))}
    </section>
  );
}
