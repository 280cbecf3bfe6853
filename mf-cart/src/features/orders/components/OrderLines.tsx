import { formatUsd, type OrderLine } from '@atelier/contracts';
import { LineItem } from '../../../shared/components/LineItem';

/** The prints of an order, as they were when it was placed. */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  return (
    <ul aria-label="Order lines" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {lines.map((line) => (
        <LineItem
          key={line.id}
          thumb={line.thumb}
          name={line.name}
          details={`${line.size_label} · ${line.substrate}${line.artist ? ` · ${line.artist}` : ''}`}
          quantity={line.quantity}
          lineTotal={formatUsd(line.line_total)}
        />
      ))}
    </ul>
  );
}
