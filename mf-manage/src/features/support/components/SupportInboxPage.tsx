import { Breadcrumb, Empty, Segmented, Skeleton, Tag, Typography } from 'antd';
import { HomeOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router-dom';
import { SUPPORT_INBOX_FILTERS, type SupportInboxFilter } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { useInbox } from '../api/support-queries';
import { POLL_WITHOUT_STREAM_MS, useSupportEvents } from '../hooks/use-support-events';
import { formatWhen, stateOf, SUPPORT_TITLE } from './support-labels';

const FILTER_LABELS: Record<SupportInboxFilter, string> = {
  open: 'Open',
  closed: 'Closed',
  all: 'All',
};
const DEFAULT_PAGE_SIZE = 20;
const LIST_STYLE = { listStyle: 'none', padding: 0, margin: '0 0 16px' } as const;
const ROW_STYLE = { padding: '12px 0', borderBottom: '1px solid #f0f0f0' } as const;

const filterOf = (value: string | null): SupportInboxFilter =>
  (SUPPORT_INBOX_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as SupportInboxFilter)
    : 'open';

/** The support inbox: conversations awaiting a reply first, updated as visitors write. */
export function SupportInboxPage() {
  const [search, setSearch] = useSearchParams();
  const status = filterOf(search.get('status'));
  const page = Math.max(1, Number(search.get('page')) || 1);
  const pageSize = Number(search.get('page_size')) || DEFAULT_PAGE_SIZE;
  const live = useSupportEvents();
  const inbox = useInbox(status, page, pageSize, live ? false : POLL_WITHOUT_STREAM_MS);
  const setParams = (next: Record<string, string>) =>
    setSearch({ status, page: String(page), page_size: String(pageSize), ...next });

  return (
    <section>
      <Breadcrumb
        items={[
          {
            title: (
              <Link to="/manage" aria-label="Manage home">
                <HomeOutlined />
              </Link>
            ),
          },
          { title: SUPPORT_TITLE },
        ]}
      />
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {SUPPORT_TITLE}
      </Typography.Title>
      <Segmented
        aria-label="Show conversations"
        value={status}
        options={SUPPORT_INBOX_FILTERS.map((value) => ({ value, label: FILTER_LABELS[value] }))}
        onChange={(value) => setParams({ status: value, page: '1' })}
        style={{ marginBottom: 16 }}
      />
      {inbox.isPending && <Skeleton active />}
      {inbox.isError && <ErrorDisplay error={inbox.error} />}
      {inbox.isSuccess &&
        (inbox.data.results.length === 0 ? (
          <Empty description="List is empty" />
        ) : (
          <>
            <ul aria-label="Conversations" style={LIST_STYLE}>
              {inbox.data.results.map((row) => {
                const state = stateOf(row);
                return (
                  <li key={row.id} style={ROW_STYLE}>
                    <div style={{ display: 'grid', gap: 4, width: '100%', minWidth: 0 }}>
                      <div
                        style={{
                          display: 'flex',
                          flexWrap: 'wrap',
                          gap: 8,
                          alignItems: 'baseline',
                        }}
                      >
                        <Link
                          to={`/manage/support/${row.id}`}
                          style={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                        >
                          {row.visitor.name}
                        </Link>
                        <Tag color={state.color}>{state.label}</Tag>
                        <Typography.Text type="secondary" style={{ marginLeft: 'auto' }}>
                          {formatWhen(row.last_message_at)}
                        </Typography.Text>
                      </div>
                      {row.last_message && (
                        <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
                          {row.last_message.author === 'staff' ? 'Support: ' : ''}
                          {row.last_message.body}
                        </Typography.Text>
                      )}
                      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                        {row.project ? (
                          <>
                            Project:{' '}
                            <Link to={`/projects/${row.project.id}`}>{row.project.name}</Link>
                          </>
                        ) : (
                          'No project'
                        )}
                        {' · '}
                        {row.message_count} message{row.message_count === 1 ? '' : 's'}
                      </Typography.Text>
                    </div>
                  </li>
                );
              })}
            </ul>
            <PaginationBar
              count={inbox.data.count}
              page={page}
              pageSize={pageSize}
              onChange={(next, size) => setParams({ page: String(next), page_size: String(size) })}
              formatCount={(count) => `${count} conversation${count === 1 ? '' : 's'}`}
            />
          </>
        ))}
    </section>
  );
}
