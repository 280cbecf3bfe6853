import { useState } from 'react';
import { Alert, App, Button, Empty, Modal, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatUsd, type PayoutRunResult } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { ManageBreadcrumb } from '../../../shared/ManageBreadcrumb';
import { MANAGE_CSS } from '../../../shared/manage-css';
import { downloadBankFile, useExecuteRun, usePayoutPreview } from '../api/payout-queries';
import { PaymentStatusTag } from './payout-labels';
import { PAST_RUNS } from './PayoutRunListPage';
import { PAYOUTS_CSS } from './payouts-css';
import { HeldTable, PaidTable } from './PreviewTables';

export const EXECUTE = 'Execute payout run';
export const DOWNLOAD_CSV = 'Download bank file (CSV)';
const NOBODY_TO_PAY = 'Nobody can be paid now.';
const confirmText = (count: number, total: number) =>
  `Pay ${count} ${count === 1 ? 'artist' : 'artists'} ${formatUsd(total)}? Their payments are created and the bank file is made; nobody is paid twice.`;

/** /manage/payment-due/run: preview a payout run, execute it, download its bank file. */
export function PayoutRunPage() {
  const [result, setResult] = useState<PayoutRunResult | null>(null);
  const [confirming, setConfirming] = useState(false);
  const preview = usePayoutPreview(result === null);
  const execute = useExecuteRun();
  const { message } = App.useApp();

  const run = () =>
    execute.mutate(undefined, {
      onSuccess: (made) => {
        setConfirming(false);
        setResult(made);
      },
      onError: () => setConfirming(false),
    });

  const download = async (made: PayoutRunResult) => {
    try {
      await downloadBankFile(made);
    } catch {
      void message.error('The bank file could not be downloaded. Try again.');
    }
  };

  return (
    <section>
      <style>{MANAGE_CSS + PAYOUTS_CSS}</style>
      <ManageBreadcrumb type="payment-due" trail={[{ title: 'Payout run' }]} />
      <div className="mg-header">
        <Typography.Title level={1}>{result ? 'Payout run done' : 'Payout run'}</Typography.Title>
        <Link to="/manage/payment-due/runs">{PAST_RUNS}</Link>
      </div>
      {execute.isError && <ErrorDisplay error={execute.error} />}
      {result ? (
        <RunResult result={result} onDownload={() => void download(result)} />
      ) : (
        <>
          {preview.isPending && <Skeleton active />}
          {preview.isError && <ErrorDisplay error={preview.error} />}
          {preview.isSuccess && (
            <>
              <dl className="po-summary">
                <div>
                  <dt>To be paid</dt>
                  <dd>{formatUsd(preview.data.total)}</dd>
                </div>
                <div>
                  <dt>Artists paid</dt>
                  <dd>{preview.data.payments.length}</dd>
                </div>
                <div>
                  <dt>Held back</dt>
                  <dd>
                    {preview.data.held.length} ({formatUsd(preview.data.held_total)})
                  </dd>
                </div>
                <div>
                  <dt>Minimum payout</dt>
                  <dd>{formatUsd(preview.data.minimum)}</dd>
                </div>
              </dl>
              <Typography.Title level={2} className="mg-section-title" style={{ fontSize: 18 }}>
                To be paid
              </Typography.Title>
              {preview.data.payments.length === 0 ? (
                <Empty description={NOBODY_TO_PAY} />
              ) : (
                <PaidTable payments={preview.data.payments} />
              )}
              <div className="po-actions">
                <Button
                  type="primary"
                  disabled={preview.data.payments.length === 0}
                  onClick={() => setConfirming(true)}
                >
                  {EXECUTE}
                </Button>
              </div>
              <Typography.Title level={2} className="mg-section-title" style={{ fontSize: 18 }}>
                Held back
              </Typography.Title>
              {preview.data.held.length === 0 ? (
                <Empty description="List is empty" />
              ) : (
                <HeldTable held={preview.data.held} />
              )}
              <Modal
                open={confirming}
                title="Execute this payout run?"
                okText="Execute"
                cancelText="Cancel"
                confirmLoading={execute.isPending}
                onOk={run}
                onCancel={() => setConfirming(false)}
              >
                <p>{confirmText(preview.data.payments.length, preview.data.total)}</p>
              </Modal>
            </>
          )}
        </>
      )}
    </section>
  );
}

function RunResult({ result, onDownload }: { result: PayoutRunResult; onDownload: () => void }) {
  return (
    <>
      <Alert
        type="success"
        showIcon
        message={`${result.payment_count} ${result.payment_count === 1 ? 'payment' : 'payments'} created, ${formatUsd(result.total)} in all.`}
        description="Upload the bank file to your bank, then mark each payment Completed or Failed on Artist Payments."
        style={{ marginBottom: 16 }}
      />
      <div className="po-actions">
        {result.bank_file && (
          <Button type="primary" onClick={onDownload}>
            {DOWNLOAD_CSV}
          </Button>
        )}
        <Link to="/manage/artist-payment">Artist Payments</Link>
        <Link to="/manage/payment-due">Payments Due</Link>
      </div>
      <ul className="mg-rows" aria-label="Payments of this run">
        {result.payments.map((p) => (
          <li key={p.token} className="mg-row">
            <Link to={`/manage/artist-payment/${p.token}`}>{p.artist.name}</Link>
            <span className="mg-row-facts">
              {formatUsd(p.amount)} · {p.account?.display ?? 'no account'}
            </span>
            <PaymentStatusTag status={p.status} />
          </li>
        ))}
      </ul>
      {result.held.length > 0 && (
        <>
          <Typography.Title level={2} className="mg-section-title" style={{ fontSize: 18 }}>
            Held back
          </Typography.Title>
          <HeldTable held={result.held} />
        </>
      )}
    </>
  );
}
