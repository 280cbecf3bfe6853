import { Table } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type HeldBack, type PayoutPreview } from '@atelier/contracts';
import { ACCOUNT_TYPE_WORDS } from './payout-labels';

type PreviewPayment = PayoutPreview['payments'][number];

/** Who the run pays: artist, payee account (display key) and amount. */
export function PaidTable({ payments }: { payments: readonly PreviewPayment[] }) {
  return (
    <Table<PreviewPayment>
      className="po-table"
      aria-label="To be paid"
      rowKey={(p) => p.artist.id}
      size="middle"
      pagination={false}
      dataSource={payments as PreviewPayment[]}
      columns={[
        {
          key: 'artist',
          title: 'Artist',
          render: (_, p) => (
            <>
              <Link to={`/manage/payment-due/${p.artist.id}`}>{p.artist.name}</Link>
              <span className="po-sub">{p.payee}</span>
            </>
          ),
        },
        {
          key: 'account',
          title: 'Account',
          render: (_, p) => (
            <span className="po-wrap">{`${ACCOUNT_TYPE_WORDS[p.account.type] ?? p.account.type} ${p.account.display}`}</span>
          ),
        },
        {
          key: 'amount',
          title: 'Amount',
          align: 'right',
          render: (_, p) => formatUsd(p.amount),
        },
      ]}
    />
  );
}

/** Who is held back, how much they are due, and why, in words. */
export function HeldTable({ held }: { held: readonly HeldBack[] }) {
  return (
    <Table<HeldBack>
      className="po-table"
      aria-label="Held back"
      rowKey={(h) => h.artist.id}
      size="middle"
      pagination={false}
      dataSource={held as HeldBack[]}
      columns={[
        {
          key: 'artist',
          title: 'Artist',
          render: (_, h) => <Link to={`/manage/payment-due/${h.artist.id}`}>{h.artist.name}</Link>,
        },
        {
          key: 'reason',
          title: 'Reason',
          render: (_, h) => <span className="po-wrap">{h.reason_text}</span>,
        },
        {
          key: 'amount',
          title: 'Amount',
          align: 'right',
          render: (_, h) => formatUsd(h.amount),
        },
      ]}
    />
  );
}
