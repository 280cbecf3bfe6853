import type { ReactNode } from 'react';
import { Card } from 'antd';

/** A titled card of the order screens (lines, totals, address, payment, history). */
export function OrderSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `order-section-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Card
      size="small"
      title={
        <h2 id={id} style={{ fontSize: 16, margin: 0 }}>
          {title}
        </h2>
      }
      role="region"
      aria-labelledby={id}
      style={{ marginBottom: 16 }}
    >
      {children}
    </Card>
  );
}
