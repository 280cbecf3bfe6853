import { Alert, Button, Popconfirm, Table, Tag } from 'antd';
import { isApiError } from '@atelier/api-client';
import type { RoyaltyLevelRate } from '@atelier/contracts';
import { ErrorDisplay } from '@atelier/ui';
import { useCancelRate } from '../api/royalty-level-queries';
import { formatDay, formatPercent, RATE_STATE_LABELS } from './royalty-level-labels';

/** The server's reason for refusing (DRF's non_field_errors), when it gave one. */
const refusal = (error: unknown): string | null => {
  if (!isApiError(error) || error.response?.status !== 400) return null;
  const body = error.response.data as { non_field_errors?: unknown } | null;
  const messages = body?.non_field_errors;
  return Array.isArray(messages) && messages.length ? messages.map(String).join(' ') : null;
};

const STATE_COLORS = { past: 'default', current: 'green', scheduled: 'gold' } as const;

const CANCEL_RATE = 'Cancel change';
const cancelRateQuestion = (rate: RoyaltyLevelRate) =>
  `Cancel the change to ${formatPercent(rate.rate_percent)} from ${formatDay(rate.effective_from)}? The current rate stays.`;

/**
 * A level's rates, newest day first: the one in effect, later ones, and the history. A
 * scheduled change can be cancelled (after a confirmation) until its day comes.
 */
export function RateHistory({ levelId, rates }: { levelId: string; rates: RoyaltyLevelRate[] }) {
  const cancel = useCancelRate(levelId);
  return (
    <>
      {cancel.isError &&
        (refusal(cancel.error) ? (
          <Alert type="error" showIcon role="alert" message={refusal(cancel.error)} />
        ) : (
          <ErrorDisplay error={cancel.error} />
        ))}
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
          {
            title: 'Actions',
            key: 'actions',
            render: (_, rate) =>
              rate.state === 'scheduled' && (
                <Popconfirm
                  title={cancelRateQuestion(rate)}
                  okText={CANCEL_RATE}
                  cancelText="Keep it"
                  onConfirm={() => cancel.mutateAsync(rate.id).catch(() => undefined)}
                >
                  <Button
                    size="small"
                    danger
                    loading={cancel.isPending && cancel.variables === rate.id}
                  >
                    {CANCEL_RATE}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </>
  );
}
