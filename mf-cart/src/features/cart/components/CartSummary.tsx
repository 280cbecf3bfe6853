import { Button, Card, Skeleton } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Totals } from '@atelier/contracts';
import { formatUsd } from '@atelier/contracts';
import { itemCountLabel } from '@atelier/session';
import { CART_TEXT } from '../constants';

interface CartSummaryProps {
  /** Absent while the project loads. */
  totals: Totals | undefined;
  checkoutHref: string;
  /** An ordered project has no Check out. */
  ordered: boolean;
}

function Line({ label, amount, strong }: { label: string; amount: string; strong?: boolean }) {
  const Tag = strong ? 'strong' : 'span';
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 16, padding: '4px 0' }}>
      <dt style={{ fontWeight: strong ? 600 : 400 }}>{label}</dt>
      <dd style={{ margin: 0 }}>
        <Tag>{amount}</Tag>
      </dd>
    </div>
  );
}

/** SPEC §2 summary: Subtotal (count), Volume Discount (only when non-zero), Shipping, Total. */
export function CartSummary({ totals, checkoutHref, ordered }: CartSummaryProps) {
  const navigate = useNavigate();
  const empty = !totals || totals.quantity === 0;
  return (
    <Card title={CART_TEXT.summary} size="small" role="region" aria-label={CART_TEXT.summary}>
      {totals ? (
        <dl style={{ margin: 0 }}>
          <Line
            label={CART_TEXT.subtotal(itemCountLabel(totals.quantity))}
            amount={formatUsd(totals.subtotal)}
          />
          {totals.volume_discount > 0 && (
            <Line
              label={CART_TEXT.volumeDiscount(totals.volume_discount_rate)}
              amount={formatUsd(-totals.volume_discount)}
            />
          )}
          <Line label={CART_TEXT.shipping} amount={formatUsd(totals.shipping)} />
          <Line label={CART_TEXT.total} amount={formatUsd(totals.grand_total)} strong />
        </dl>
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
      {!ordered && (
        <Button
          type="primary"
          size="large"
          block
          disabled={empty}
          onClick={() => void navigate(checkoutHref)}
          style={{ marginTop: 16 }}
        >
          {CART_TEXT.checkout}
        </Button>
      )}
    </Card>
  );
}
