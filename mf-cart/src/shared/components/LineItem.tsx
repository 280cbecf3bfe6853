import type { ReactNode } from 'react';
import { Typography } from 'antd';

export interface LineItemProps {
  thumb: string;
  name: string;
  details: ReactNode;
  quantity: number;
  lineTotal: string;
}

/** One print in a summary: thumbnail, name, size and substrate, quantity, line total. */
export function LineItem({ thumb, name, details, quantity, lineTotal }: LineItemProps) {
  return (
    <li
      aria-label={name}
      style={{
        display: 'grid',
        gridTemplateColumns: '56px minmax(0, 1fr) auto',
        gap: 12,
        alignItems: 'center',
        padding: '8px 0',
        borderBottom: '1px solid rgba(0,0,0,0.06)',
      }}
    >
      <img
        src={thumb}
        alt={name}
        width={56}
        height={56}
        style={{ objectFit: 'cover', borderRadius: 4, background: '#f5f5f5' }}
      />
      <div style={{ minWidth: 0 }}>
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {name}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          {details}
        </Typography.Text>
        <div style={{ fontSize: 13 }}>Qty {quantity}</div>
      </div>
      <span>{lineTotal}</span>
    </li>
  );
}
