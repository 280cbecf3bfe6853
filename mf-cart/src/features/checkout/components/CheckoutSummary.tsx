import { Card, Typography } from 'antd';
import { formatUsd, type Cart, type CartItem, type Page } from '@atelier/contracts';
import { LineItem } from '../../../shared/components/LineItem';
import { TotalsList } from '../../../shared/components/TotalsList';

/** The project being ordered: its prints and totals, as the server prices them. */
export function CheckoutSummary({
  cart,
  items,
}: {
  cart: Cart;
  items: Page<CartItem> | undefined;
}) {
  const shown = items?.results ?? [];
  const more = (items?.count ?? 0) - shown.length;
  return (
    <Card
      size="small"
      role="region"
      aria-labelledby="checkout-summary-title"
      title={
        <h2 id="checkout-summary-title" style={{ fontSize: 16, margin: 0 }}>
          {cart.project.name}
        </h2>
      }
      style={{ marginBottom: 16 }}
    >
      <ul aria-label="Items" style={{ listStyle: 'none', margin: '0 0 12px', padding: 0 }}>
        {shown.map((item) => (
          <LineItem
            key={item.id}
            thumb={item.thumb}
            name={item.name}
            details={`${item.size_label} · ${item.config.substrate}`}
            quantity={item.quantity}
            lineTotal={formatUsd(item.line_total)}
          />
        ))}
      </ul>
      {more > 0 && (
        <Typography.Paragraph type="secondary">
          and {more} more {more === 1 ? 'item' : 'items'}
        </Typography.Paragraph>
      )}
      <TotalsList totals={cart} label="Project totals" />
    </Card>
  );
}
