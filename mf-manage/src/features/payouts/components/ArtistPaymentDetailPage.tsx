import { Button, Empty, Skeleton, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { type ArtistPayment, formatUsd, groupThousands } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { LIST_IS_EMPTY } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { useArtistPayment, usePaymentLines, useReissuePayment } from '../api/payout-queries';
import { LinesTable } from './LinesTable';
import { ACCOUNT_TYPE_WORDS, PaymentStatusTag, formatDate } from './payout-labels';
import { PAYOUTS_CSS } from './payouts-css';
import { PaymentStatusForm } from './PaymentStatusForm';
import { usePageQuery } from './use-page-query';

const REISSUE = 'Re-issue payment';

/** /manage/artist-payment/:id: one payment, the lines it paid, its status actions. */
export function ArtistPaymentDetailPage() {
  const token = useParams().id ?? '';
  const payment = useArtistPayment(token);
  const name = payment.data
    ? `${payment.data.artist.name}: ${formatUsd(payment.data.amount)}`
    : token;

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb
        type="artist-payment"
        trail={[{ title: payment.data?.artist.name ?? 'Payment' }]}
      />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">Artist payment</Typography.Text>
          <Typography.Title level={1}>{name}</Typography.Title>
        </div>
      </div>
      {payment.isPending && <Skeleton active />}
      {payment.isError && <ErrorDisplay error={payment.error} />}
      {payment.isSuccess && <PaymentBody payment={payment.data} />}
    </section>
  );
}

function PaymentBody({ payment }: { payment: ArtistPayment }) {
  const navigate = useNavigate();
  const reissue = useReissuePayment(payment.token);
  const { page, pageSize, setPage } = usePageQuery();
  const lines = usePaymentLines(payment.token, { page, pageSize });
  const base = `/manage/artist-payment/${payment.token}`;
  const facts: Array<[string, React.ReactNode]> = [
    ['Status', <PaymentStatusTag key="s" status={payment.status} />],
    ['Amount', formatUsd(payment.amount)],
    [
      'Artist',
      <Link key="a" to={`/manage/payment-due/${payment.artist.id}`}>
        {payment.artist.name} ({payment.artist.royalty_code})
      </Link>,
    ],
    ['Payee', payment.payee || '—'],
    [
      'Account',
      payment.account
        ? `${ACCOUNT_TYPE_WORDS[payment.account.type] ?? payment.account.type} ${payment.account.display} (${payment.account.status})`
        : '—',
    ],
    ['Provider', payment.provider],
    ['Created', formatDate(payment.created_on)],
    ['Completed', payment.completed_on ? formatDate(payment.completed_on) : '—'],
  ];
  if (payment.reissue_of) {
    facts.push([
      'Re-issue of',
      <Link key="o" to={`/manage/artist-payment/${payment.reissue_of}`}>
        the earlier payment
      </Link>,
    ]);
  }
  if (payment.reissued_by) {
    facts.push([
      'Re-issued by',
      <Link key="r" to={`/manage/artist-payment/${payment.reissued_by}`}>
        the new payment
      </Link>,
    ]);
  }

  return (
    <>
      <dl className="mg-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="po-actions">
        <Link to={`${base}/status-transitions`}>Status transitions</Link>
        {payment.reissuable && (
          <Button
            onClick={() =>
              reissue.mutate(undefined, {
                onSuccess: (made) => void navigate(`/manage/artist-payment/${made.token}`),
              })
            }
            loading={reissue.isPending}
          >
            {REISSUE}
          </Button>
        )}
      </div>
      {reissue.isError && <ErrorDisplay error={reissue.error} />}
      <PaymentStatusForm payment={payment} />
      <Typography.Title level={2} className="mg-section-title" style={{ fontSize: 18 }}>
        Order lines paid
      </Typography.Title>
      {lines.isPending && <Skeleton active />}
      {lines.isError && <ErrorDisplay error={lines.error} />}
      {lines.isSuccess && lines.data.results.length === 0 && <Empty description={LIST_IS_EMPTY} />}
      {lines.isSuccess && lines.data.results.length > 0 && (
        <>
          <LinesTable caption="Order lines paid" lines={lines.data.results} />
          <PaginationBar
            count={lines.data.count}
            page={page}
            pageSize={pageSize}
            ariaLabel="Order line pages"
            formatCount={(count) => `${groupThousands(count)} lines`}
            onChange={setPage}
          />
        </>
      )}
    </>
  );
}
