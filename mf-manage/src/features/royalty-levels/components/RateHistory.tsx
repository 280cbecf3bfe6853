import { Table, Tag } from 'antd';
import type { RoyaltyLevelRate } from '@atelier/contracts';
import { formatDay, formatPercent, RATE_STATE_LABELS } from './royalty-level-labels';

const STATE_COLORS = { past: 'default', current: 'green', scheduled: 'gold' } as const;

/** A level's rates, newest day first: the one in effect, later ones, and the history. */
export function RateHistory({ rates }: { rates: RoyaltyLevelRate[] }) {
  return (
    <Table<RoyaltyLevelRate>
      rowKey="id"
      size="small"
      aria-label="Rate history"
      dataSource={rates}
      pagination={false}
      columns={[
        { title: 'From', key: 'from', render: (_, rate) => formatDay(rate.effective_from) },
        {
          title: 'Rate',
          key: 'rate',
          align: 'right',
          render: (_, rate) => formatPercent(rate.rate_percent),
        },
        {
          title: 'State',
          key: 'state',
          render: (_, rate) => (
            <Tag color={STATE_COLORS[rate.state]}>{RATE_STATE_LABELS[rate.state]}</Tag>
          ),
        },
      ]}
    />
  );
}
