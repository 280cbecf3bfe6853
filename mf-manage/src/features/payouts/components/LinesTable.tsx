import { Table } from 'antd';
import { formatUsd, orderTitle, type PayoutLine } from '@atelier/contracts';
import { formatDate } from './payout-labels';

/** The order lines behind a figure: order #, image, date, quantity, royalty. */
export function LinesTable({
  lines,
  caption,
  loading = false,
}: {
  lines: readonly PayoutLine[];
  caption: string;
  loading?: boolean;
}) {
  return (
    <Table<PayoutLine>
      className="po-table"
      aria-label={caption}
      rowKey="id"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={lines as PayoutLine[]}
      columns={[
        {
          key: 'image',
          title: 'Image',
          responsive: ['sm'],
          render: (_, line) => <img className="po-thumb" src={line.thumb} alt="" loading="lazy" />,
        },
        {
          key: 'order',
          title: 'Order',
          render: (_, line) => (
            <>
              {orderTitle(line.order_id)}
              <span className="po-sub">{line.image_title}</span>
              <span className="po-sub">
                <time dateTime={line.ordered}>{formatDate(line.ordered)}</time> ·{' '}
                {line.order_status}
              </span>
            </>
          ),
        },
        {
          key: 'quantity',
          title: 'Qty',
          align: 'right',
          render: (_, line) => line.quantity,
        },
        {
          key: 'royalty',
          title: 'Royalty',
          align: 'right',
          render: (_, line) => formatUsd(line.royalty),
        },
      ]}
    />
  );
}
