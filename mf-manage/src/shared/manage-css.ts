/** Styles of the manage screens; everything wraps so a 390 px phone needs no sideways scroll. */
export const MANAGE_CSS = `
.mg-header { display: flex; flex-wrap: wrap; align-items: flex-end; justify-content: space-between; gap: 12px; margin: 4px 0 16px; }
.mg-header h1 { margin: 0; font-size: 24px; line-height: 1.25; overflow-wrap: anywhere; }
.mg-toolbar { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 12px; }
.mg-toolbar > .ant-input-search { flex: 1 1 240px; max-width: 360px; }
.mg-rows { list-style: none; margin: 0 0 12px; padding: 0; border-top: 1px solid #f0ece6; }
.mg-row { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 12px; padding: 10px 4px; border-bottom: 1px solid #f0ece6; }
.mg-row a { font-weight: 500; overflow-wrap: anywhere; }
.mg-row-facts { color: rgba(0,0,0,.55); font-size: 13px; }
.mg-row-id { margin-left: auto; color: rgba(0,0,0,.45); font-size: 12px; font-variant-numeric: tabular-nums; }
.mg-detail { display: grid; grid-template-columns: minmax(0, 1fr); gap: 16px; }
@media (min-width: 992px) { .mg-detail.has-media { grid-template-columns: minmax(0, 1fr) 280px; } }
.mg-media img { display: block; width: 100%; max-width: 280px; height: auto; border-radius: 6px; background: #f5f2ee; }
.mg-facts { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px 24px; margin: 0; }
.mg-facts > div { min-width: 0; }
.mg-facts dt { color: rgba(0,0,0,.55); font-size: 13px; }
.mg-facts dd { margin: 2px 0 0; overflow-wrap: anywhere; }
.mg-long dd { white-space: pre-wrap; }
.mg-section-title { font-size: 15px; font-weight: 600; margin: 8px 0; }
.mg-prefs { display: flex; flex-wrap: wrap; gap: 8px 20px; margin: 16px 0 8px; }
.mg-raw { white-space: pre-wrap; overflow-wrap: anywhere; background: #faf8f5; padding: 12px; border-radius: 6px; font-size: 12px; }
.mg-form { max-width: 720px; }
.atelier-entity-fieldset { border: 1px solid #eee7df; border-radius: 6px; padding: 8px 16px 0; margin: 0 0 16px; min-width: 0; }
.atelier-entity-fieldset legend { font-size: 14px; padding: 0 4px; width: auto; border: 0; margin: 0; }
`;
