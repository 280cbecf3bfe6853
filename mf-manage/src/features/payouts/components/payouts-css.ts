/** Styles of the payouts screens (the manage area's MANAGE_CSS covers the rest). */
export const PAYOUTS_CSS = `
.po-summary { display: flex; flex-wrap: wrap; gap: 12px 32px; margin: 0 0 16px; }
.po-summary dt { color: rgba(0,0,0,.55); font-size: 13px; }
.po-summary dd { margin: 2px 0 0; font-size: 18px; font-variant-numeric: tabular-nums; }
.po-actions { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin: 8px 0 16px; }
.po-header-links { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; }
.po-table { margin-bottom: 16px; }
.po-table .ant-table { font-variant-numeric: tabular-nums; }
.po-sub { display: block; color: rgba(0,0,0,.55); font-size: 13px; overflow-wrap: anywhere; }
.po-thumb { width: 48px; height: 48px; object-fit: cover; border-radius: 4px; background: #f5f2ee; }
.po-status-form { display: grid; gap: 8px; max-width: 520px; margin: 8px 0 16px; }
.po-status-form .ant-radio-group { display: flex; flex-wrap: wrap; gap: 8px; }
.po-wrap { overflow-wrap: anywhere; }
`;
