import { useState } from 'react';
import { Alert, App, Button, Typography } from 'antd';
import type { OrderStatus, StaffOrder } from '@atelier/contracts';
import { readServerErrors } from '@atelier/ui';
import { useMoveOrder } from '../api/move-order';
import { CancelForm } from './CancelForm';
import { ShipForm } from './ShipForm';
import { ACTION_LABELS, STATUS_LABELS } from './order-labels';

const NO_ACTIONS = 'Nothing more to do: this order is';

/**
 * The moves open to an order from its status (the server's next_statuses): a button each;
 * shipping asks for carrier and tracking, cancelling for a reason.
 */
export function OrderActions({ order }: { order: StaffOrder }) {
  const id = String(order.order_id);
  const move = useMoveOrder(id);
  const { message } = App.useApp();
  const [open, setOpen] = useState<'shipped' | 'cancelled' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const go = async (status: OrderStatus) => {
    setFailure(null);
    try {
      await move.mutateAsync({ status });
      void message.success(`${STATUS_LABELS[status].label}: the customer was emailed.`);
    } catch (error) {
      const { fields, alert } = readServerErrors(error, [] as const);
      setFailure(alert?.items?.join(' ') || alert?.title || fields[0]?.message || 'Failed.');
    }
  };

  if (order.next_statuses.length === 0) {
    return (
      <Typography.Paragraph type="secondary">
        {NO_ACTIONS} {STATUS_LABELS[order.status].label.toLowerCase()}.
      </Typography.Paragraph>
    );
  }
  if (open === 'shipped') {
    return (
      <ShipForm
        pending={move.isPending}
        onCancel={() => setOpen(null)}
        onShip={async (values) => {
          await move.mutateAsync({ status: 'shipped', ...values });
          setOpen(null);
          void message.success('Shipped: the customer was emailed the tracking number.');
        }}
      />
    );
  }
  if (open === 'cancelled') {
    return (
      <CancelForm
        pending={move.isPending}
        onBack={() => setOpen(null)}
        onCancelOrder={async (reason) => {
          await move.mutateAsync({ status: 'cancelled', reason });
          setOpen(null);
          void message.success('Cancelled: the customer was emailed the reason.');
        }}
      />
    );
  }
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      {failure && <Alert type="error" showIcon title={failure} />}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {order.next_statuses.map((status) =>
          status === 'shipped' || status === 'cancelled' ? (
            <Button
              key={status}
              danger={status === 'cancelled'}
              type={status === 'shipped' ? 'primary' : 'default'}
              onClick={() => setOpen(status)}
            >
              {ACTION_LABELS[status]}
            </Button>
          ) : (
            <Button
              key={status}
              type="primary"
              loading={move.isPending && move.variables?.status === status}
              onClick={() => void go(status)}
            >
              {ACTION_LABELS[status]}
            </Button>
          ),
        )}
      </div>
    </div>
  );
}
