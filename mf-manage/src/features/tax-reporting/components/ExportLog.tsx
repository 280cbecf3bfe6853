import type { TaxExport } from '@atelier/contracts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Who exported the year's 1099-NEC data, and when; full-TIN exports named as such. */
export function ExportLog({ exports }: { exports: TaxExport[] }) {
  if (exports.length === 0) return <p className="tx-muted">No exports of this year yet.</p>;
  return (
    <ul className="tx-log" aria-label="Export log">
      {exports.map((item) => (
        <li key={item.id}>
          <strong>{item.kind === 'full_tin' ? 'Full TINs' : 'TINs masked'}</strong> ·{' '}
          {item.row_count === 1 ? '1 recipient' : `${item.row_count} recipients`} ·{' '}
          {item.created_by} · <time dateTime={item.created}>{when(item.created)}</time>
        </li>
      ))}
    </ul>
  );
}
