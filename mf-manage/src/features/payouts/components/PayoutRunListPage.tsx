import { App, Button, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type PayoutRunSummary } from '@atelier/contracts';
import { LIST_IS_EMPTY } from '../../../shared/list-messages';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { downloadBankFile, usePayoutRuns } from '../api/payout-queries';
import { formatDate } from './payout-labels';
import { PayoutListTable } from './PayoutListTable';
import { PAYOUTS_CSS } from './payouts-css';
import { usePageQuery } from './use-page-query';

export const PAST_RUNS = 'Past payout runs';
export const DOWNLOAD_FILE = 'Bank file (CSV)';

/** /manage/payment-due/runs: every executed payout run, newest first, with its bank file. */
export function PayoutRunListPage() {
  const { page, pageSize, setPage } = usePageQuery();
  const list = usePayoutRuns({ page, pageSize });
  const { message } = App.useApp();

  const download = async (run: PayoutRunSummary) => {
    try {
      await downloadBankFile(run);
    } catch {
      void message.error('The bank file could not be downloaded. Try again.');
    }
  };

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb type="payment-due" trail={[{ title: PAST_RUNS }]} />
      <div className="mg-header">
        <Typography.Title level={1}>{PAST_RUNS}</Typography.Title>
        <Link to="/manage/payment-due/run">New payout run</Link>
      </div>
      <PayoutListTable
        list={list}
        label={PAST_RUNS}
        emptyText={LIST_IS_EMPTY}
        countNoun="runs"
        page={page}
        pageSize={pageSize}
        setPage={setPage}
        columns={[
          {
            key: 'run',
            title: 'Run',
            render: (_, run) => (
              <>
                <time dateTime={run.created_on}>{formatDate(run.created_on)}</time>
                <span className="po-sub">
                  {run.token}
                  {run.created_by ? ` · by ${run.created_by}` : ''}
                </span>
              </>
            ),
          },
          {
            key: 'payments',
            title: 'Payments',
            align: 'right',
            render: (_, run) => run.payment_count,
          },
          {
            key: 'total',
            title: 'Total',
            align: 'right',
            render: (_, run) => formatUsd(run.total),
          },
          {
            key: 'file',
            title: 'Bank file',
            render: (_, run) =>
              run.bank_file ? (
                <Button
                  size="small"
                  aria-label={`${DOWNLOAD_FILE} of the run of ${formatDate(run.created_on)}, ${run.token}`}
                  onClick={() => void download(run)}
                >
                  {DOWNLOAD_FILE}
                </Button>
              ) : (
                <span className="po-sub">None ({run.provider})</span>
              ),
          },
        ]}
      />
    </section>
  );
}
