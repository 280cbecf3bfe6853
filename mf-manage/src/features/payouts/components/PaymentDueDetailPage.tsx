import { Empty, Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { formatUsd, groupThousands } from '@atelier/contracts';
import { ErrorDisplay, PaginationBar } from '@atelier/ui';
import { LIST_IS_EMPTY } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { usePaymentDue } from '../api/payout-queries';
import { LinesTable } from './LinesTable';
import { PAYOUTS_CSS } from './payouts-css';
import { usePageQuery } from './use-page-query';

/** /manage/payment-due/:id: the order lines behind an artist's amount due. */
export function PaymentDueDetailPage() {
  const id = useParams().id ?? '';
  const { page, pageSize, setPage } = usePageQuery();
  const due = usePaymentDue(id, { page, pageSize });
  const name = due.data?.artist ?? `Artist #${id}`;

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb type="payment-due" trail={[{ title: name }]} />
      <div className="mg-header">
        <div>
          <Typography.Text type="secondary">Payment due</Typography.Text>
          <Typography.Title level={1}>{name}</Typography.Title>
        </div>
      </div>
      {due.isPending && <Skeleton active />}
      {due.isError && <ErrorDisplay error={due.error} />}
      {due.isSuccess && (
        <>
          <dl className="po-summary">
            <div>
              <dt>Royalty code</dt>
              <dd>{due.data.royalty_code}</dd>
            </div>
            <div>
              <dt>Amount due</dt>
              <dd>{formatUsd(due.data.amount)}</dd>
            </div>
            <div>
              <dt>Order lines</dt>
              <dd>{groupThousands(due.data.lines)}</dd>
            </div>
          </dl>
          {due.data.lines_page.results.length === 0 ? (
            <Empty description={LIST_IS_EMPTY} />
          ) : (
            <>
              <LinesTable
                caption={`Order lines due to ${due.data.artist}`}
                lines={due.data.lines_page.results}
                loading={due.isFetching && due.isPlaceholderData}
              />
              <PaginationBar
                count={due.data.lines_page.count}
                page={page}
                pageSize={pageSize}
                ariaLabel="Order line pages"
                formatCount={(count) => `${groupThousands(count)} lines`}
                onChange={setPage}
              />
            </>
          )}
        </>
      )}
    </section>
  );
}
