/** Page-frame styles the shell owns; components style themselves through antd's tokens. */
export const GLOBAL_CSS = `
body { margin: 0; background: #f7f4ef; color: #1f1a17; }
.atelier-app { min-height: 100vh; display: flex; flex-direction: column; }
.atelier-nav { position: sticky; top: 0; z-index: 10; display: flex; align-items: center; gap: 16px;
  padding: 8px 24px; background: #fffdf9; border-bottom: 1px solid #e8e2d8; }
.atelier-logo { font: 600 22px/1 Georgia, 'Times New Roman', serif; letter-spacing: .02em; color: #1f1a17; }
.atelier-search { flex: 1; max-width: 560px; }
.atelier-nav-actions { margin-left: auto; display: flex; align-items: center; gap: 8px; }
.atelier-cart-link { display: inline-flex; align-items: center; gap: 8px; color: inherit; padding: 4px 8px; }
.atelier-cart-text { display: inline-flex; flex-direction: column; line-height: 1.1; }
.atelier-cart-text small { color: #6b625a; }
.atelier-help { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; min-width: 220px; }
.atelier-help-note { color: #6b625a; font-size: 12px; }
.atelier-help .ant-btn-link { padding: 0; height: auto; }
.atelier-skip { position: absolute; left: -999px; }
.atelier-skip:focus { left: 8px; top: 8px; background: #fff; padding: 8px; z-index: 20; }
.atelier-progress { height: 2px; background: transparent; }
.atelier-progress[data-active='true'] { background: linear-gradient(90deg, #8a3b12, transparent); }
.atelier-main { flex: 1; width: 100%; max-width: 1600px; margin: 0 auto; padding: 16px 24px; box-sizing: border-box; }
.atelier-footer { padding: 24px; border-top: 1px solid #e8e2d8; color: #6b625a; font-size: 13px; }
.atelier-footer nav { display: flex; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
@media (max-width: 768px) { .atelier-nav { flex-wrap: wrap; padding: 8px 12px; } .atelier-search { order: 3; flex-basis: 100%; max-width: none; } .atelier-main { padding: 12px; } }
`;
