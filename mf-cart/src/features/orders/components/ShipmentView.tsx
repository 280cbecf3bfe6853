import { Typography } from 'antd';
import type { Order } from '@atelier/contracts';

/** A shipped order's carrier and tracking number (linked to the carrier's page when known). */
export function ShipmentView({ shipment }: { shipment: NonNullable<Order['shipment']> }) {
  return (
    <dl
      style={{
        margin: 0,
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        gap: '4px 12px',
      }}
    >
      <dt>Carrier</dt>
      <dd style={{ margin: 0 }}>{shipment.carrier_label}</dd>
      <dt>Tracking number</dt>
      <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {shipment.tracking_url ? (
          <Typography.Link href={shipment.tracking_url} target="_blank" rel="noreferrer">
            {shipment.tracking_number}
          </Typography.Link>
        ) : (
          shipment.tracking_number
        )}
      </dd>
    </dl>
  );
}
