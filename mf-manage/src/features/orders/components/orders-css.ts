/** The orders screens' layout: a table on wide screens, stacked cards on a phone. */
export const ORDERS_CSS = `
.mo-toolbar { display: flex; flex-wrap: wrap; gap: 8px; margin-bottom: 16px; }
.mo-toolbar > * { min-width: 0; }
.mo-table { width: 100%; border-collapse: collapse; margin-bottom: 16px; }
.mo-table th, .mo-table td { text-align: left; padding: 10px 8px; border-bottom: 1px solid #f0f0f0; }
.mo-table th { font-weight: 600; background: #fafafa; }
.mo-table td.mo-num, .mo-table th.mo-num { text-align: right; white-space: nowrap; }
@media (max-width: 640px) {
  .mo-table thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  .mo-table tr { display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; padding: 10px 0; border-bottom: 1px solid #f0f0f0; }
  .mo-table td { border: 0; padding: 0; overflow-wrap: anywhere; }
  .mo-table td.mo-num { text-align: right; }
  .mo-table td[data-label]::before { content: attr(data-label) ': '; color: #888; }
  .mo-table td.mo-plain::before { content: none; }
}
.mo-header { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: baseline; justify-content: space-between; }
.mo-grid { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: 24px; }
@media (max-width: 900px) { .mo-grid { grid-template-columns: minmax(0, 1fr); } }
.mo-facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 4px 16px; margin: 0 0 16px; }
.mo-facts dt { color: #666; }
.mo-facts dd { margin: 0; overflow-wrap: anywhere; }
.mo-lines { list-style: none; padding: 0; margin: 0 0 16px; }
.mo-lines li { display: grid; grid-template-columns: 56px minmax(0, 1fr) auto; gap: 12px; align-items: center; padding: 8px 0; border-bottom: 1px solid #f0f0f0; }
.mo-lines img { width: 56px; height: 56px; object-fit: cover; border-radius: 4px; background: #f5f5f5; }
.mo-card { border: 1px solid #f0f0f0; border-radius: 8px; padding: 16px; margin-bottom: 16px; }
.mo-card h2 { font-size: 16px; margin: 0 0 12px; }
`;
