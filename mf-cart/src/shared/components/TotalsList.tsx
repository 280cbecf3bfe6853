import { formatUsd, type Totals } from '@atelier/contracts';
import { itemCountLabel } from '@atelier/session';

/**
 * SPEC §2 summary: Subtotal (item count), Volume Discount (rate, only when non-zero),
 * Shipping Estimate, Total. A description list, so each figure is read with its label.
 */
export function TotalsList({ totals, label = 'Order totals' }: { totals: Totals; label?: string }) {
  const row = (term: string, value: string, strong = false) => (
    <div
      key={term}
      style={{
        display: 'flex',
        justifyContent: 'space-between',
        gap: 12,
        padding: '4px 0',
        fontWeight: strong ? 600 : undefined,
        borderTop: strong ? '1px solid rgba(0,0,0,0.08)' : undefined,
      }}
    >
      <dt>{term}</dt>
      <dd style={{ margin: 0 }}>{value}</dd>
    </div>
  );
  return (
    <dl aria-label={label} style={{ margin: 0 }}>
      {row(`Subtotal (${itemCountLabel(totals.quantity)})`, formatUsd(totals.subtotal))}
      {totals.volume_discount > 0 &&
        row(
          `Volume Discount (${totals.volume_discount_rate}%)`,
          `-${formatUsd(totals.volume_discount)}`,
        )}
      {row('Shipping Estimate', formatUsd(totals.shipping))}
      {row('Total', formatUsd(totals.grand_total), true)}
    </dl>
  );
}
