import type { ShippingAddress } from '@atelier/contracts';

/** A postal address as it goes on a label. */
export function ShippingAddressView({ address }: { address: ShippingAddress }) {
  const cityLine = [address.city, address.region, address.postal_code].filter(Boolean).join(', ');
  const lines = [
    address.name,
    address.company,
    address.line1,
    address.line2,
    cityLine,
    address.country,
    address.phone,
  ].filter((line): line is string => Boolean(line));
  return (
    <address style={{ fontStyle: 'normal' }}>
      {lines.map((line, index) => (
        <div key={`${index}-${line}`}>{line}</div>
      ))}
    </address>
  );
}
