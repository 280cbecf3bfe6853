/** Styles of the tax reporting screens (beside MANAGE_CSS). */
export const TAX_CSS = `
.mg-table-scroll { overflow-x: auto; max-width: 100%; }
.tx-muted { color: rgba(0,0,0,.55); font-size: 13px; }
.tx-money, .tx-tin { font-variant-numeric: tabular-nums; white-space: nowrap; }
.tx-summary { display: flex; flex-wrap: wrap; gap: 8px 24px; margin: 0 0 12px; }
.tx-summary > div { min-width: 0; }
.tx-summary dt { color: rgba(0,0,0,.55); font-size: 13px; }
.tx-summary dd { margin: 2px 0 0; font-weight: 500; }
.tx-exports { display: flex; flex-wrap: wrap; gap: 8px; }
.tx-log { list-style: none; padding: 0; margin: 0; font-size: 13px; }
.tx-log li { padding: 4px 0; border-bottom: 1px solid #f0ece6; overflow-wrap: anywhere; }
`;
