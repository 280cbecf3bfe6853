import { Table, Tag } from 'antd';
import { Link } from 'react-router-dom';
import type { RoyaltyLevelRecord } from '@atelier/contracts';
import { artistCountLabel, formatDay, formatPercent } from './royalty-level-labels';

/** The levels: rate as a percentage, since when, a scheduled change, how many artists. */
export function RoyaltyLevelTable({
  levels,
  busy = false,
}: {
  levels: RoyaltyLevelRecord[];
  busy?: boolean;
}) {
  return (
    <div className="mg-table-scroll">
      <Table<RoyaltyLevelRecord>
        rowKey="id"
        size="middle"
        aria-label="Royalty levels"
        aria-busy={busy}
        dataSource={levels}
        pagination={false}
        style={{ minWidth: 640 }}
        columns={[
          {
            title: 'Name',
            key: 'name',
            render: (_, level) => (
              <>
                <Link to={`/manage/royalty-levels/${level.id}`}>{level.name}</Link>
                {level.is_default && (
                  <Tag color="blue" style={{ marginInlineStart: 8 }}>
                    Default
                  </Tag>
                )}
              </>
            ),
          },
          {
            title: 'Rate',
            key: 'rate',
            align: 'right',
            render: (_, level) => formatPercent(level.rate_percent),
          },
          {
            title: 'Since',
            key: 'since',
            render: (_, level) => formatDay(level.effective_from),
          },
          {
            title: 'Scheduled change',
            key: 'next',
            render: (_, level) =>
              level.next_rate_percent !== null && level.next_effective_from !== null
                ? `${formatPercent(level.next_rate_percent)} from ${formatDay(level.next_effective_from)}`
                : '—',
          },
          {
            title: 'Artists',
            key: 'artists',
            align: 'right',
            render: (_, level) => artistCountLabel(level.artist_count),
          },
          {
            title: <span className="mg-visually-hidden">Actions</span>,
            key: 'edit',
            render: (_, level) => (
              <Link
                to={`/manage/royalty-levels/${level.id}/edit`}
                aria-label={`Edit ${level.name}`}
              >
                Edit
              </Link>
            ),
          },
        ]}
      />
    </div>
  );
}
