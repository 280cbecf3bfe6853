/** Page-frame styles the shell owns; components style themselves through antd's tokens. */
export const GLOBAL_CSS = `
/* The width never changes when a scrollbar appears: a grid laid out at one width would move. */
html { scrollbar-gutter: stable; }
body { margin: 0; background: #f7f4ef; color: #1f1a17; }
.atelier-app { min-height: 100vh; display: flex; flex-direction: column; }
.atelier-header { position: sticky; top: 0; z-index: 10; }
.atelier-nav { display: flex; align-items: center; gap: 16px;
  padding: 8px 24px; background: #fffdf9; border-bottom: 1px solid #e8e2d8; }
.atelier-staff-bar { display: flex; gap: 4px; flex-wrap: wrap; padding: 4px 24px; background: #2b2420; }
.atelier-staff-bar a { color: #f1ebe2; padding: 4px 10px; border-radius: 4px; font-size: 14px; }
.atelier-staff-typeahead { margin-left: auto; width: 220px; max-width: 100%; }
.atelier-staff-bar a:hover, .atelier-staff-bar a:focus-visible, .atelier-staff-bar a.active { background: #4a3f38; color: #fff; }
.atelier-account-menu { list-style: none; margin: 0; display: grid; gap: 8px; min-width: 180px; }
.atelier-notice { display: flex; align-items: center; gap: 8px; margin-bottom: 16px; padding: 8px 12px 8px 16px;
  background: #e6f4ff; border: 1px solid #91caff; border-radius: 8px; }
.atelier-notice-close { margin-left: auto; font: inherit; font-size: 18px; line-height: 1; background: none; border: 0;
  cursor: pointer; color: #6b625a; }
.atelier-logo { font: 600 22px/1 Georgia, 'Times New Roman', serif; letter-spacing: .02em; color: #1f1a17; }
.atelier-search { flex: 1; max-width: 560px; }
.atelier-nav-actions { margin-left: auto; display: flex; align-items: center; gap: 8px; }
.atelier-cart-link { display: inline-flex; align-items: center; gap: 8px; color: inherit; padding: 4px 8px; }
.atelier-cart-text { display: inline-flex; flex-direction: column; line-height: 1.1; }
.atelier-cart-text small { color: #6b625a; }
.atelier-help { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; min-width: 220px; }
.atelier-help-note { color: #6b625a; font-size: 12px; }
.atelier-search input { width: 100%; box-sizing: border-box; height: 36px; padding: 0 12px; font: inherit;
  border: 1px solid #d9d2c7; border-radius: 18px; background: #fff; }
.atelier-search input:focus { outline: 2px solid #8a3b12; outline-offset: 1px; }
.atelier-nav-button { font: inherit; background: none; border: 0; padding: 6px 10px; border-radius: 6px; cursor: pointer; color: inherit; }
.atelier-nav-button:hover, .atelier-nav-button:focus-visible { background: #f1ebe2; }
.atelier-link-button { font: inherit; background: none; border: 0; padding: 0; color: #8a3b12; cursor: pointer; }
.atelier-menu { position: relative; }
.atelier-menu-panel { position: absolute; right: 0; top: calc(100% + 6px); z-index: 20; background: #fff; padding: 12px 16px;
  border-radius: 8px; box-shadow: 0 6px 24px rgba(31, 26, 23, .15); }
.atelier-tooltip-anchor { position: relative; display: inline-flex; }
.atelier-tooltip { position: absolute; top: calc(100% + 6px); right: 0; white-space: nowrap; background: rgba(31, 26, 23, .9);
  color: #fff; font-size: 12px; padding: 4px 8px; border-radius: 4px; opacity: 0; pointer-events: none; transition: opacity .15s; }
.atelier-tooltip-anchor:hover .atelier-tooltip, .atelier-tooltip-anchor:focus-within .atelier-tooltip { opacity: 1; }
.atelier-cart-link:hover, .atelier-cart-link:focus-visible { background: #f1ebe2; border-radius: 6px; }
.atelier-skip { position: absolute; left: -999px; }
.atelier-skip:focus { left: 8px; top: 8px; background: #fff; padding: 8px; z-index: 20; }
.atelier-progress { position: fixed; top: 0; left: 0; right: 0; z-index: 2000; height: 3px; overflow: hidden;
  pointer-events: none; background: rgba(138, 59, 18, .18); }
.atelier-progress-bar { width: 40%; height: 100%; background: #8a3b12; animation: atelier-progress 1.2s ease-in-out infinite; }
@keyframes atelier-progress { from { transform: translateX(-100%); } to { transform: translateX(250%); } }
@media (prefers-reduced-motion: reduce) { .atelier-progress-bar { width: 100%; animation: none; } }
.atelier-main { flex: 1; width: 100%; max-width: 1600px; margin: 0 auto; padding: 16px 24px; box-sizing: border-box;
  min-height: 100vh; }
/* The footer starts below the screen, so content arriving above it never pushes it down, and a
   page's first margin stays inside its area rather than moving the area when the page arrives. */
.atelier-remote-area { display: flow-root; }
.atelier-footer { padding: 24px; border-top: 1px solid #e8e2d8; color: #6b625a; font-size: 13px; }
.atelier-footer nav { display: flex; gap: 16px; flex-wrap: wrap; margin-bottom: 8px; }
@media (max-width: 768px) { .atelier-nav { flex-wrap: wrap; padding: 8px 12px; } .atelier-search { order: 3; flex-basis: 100%; max-width: none; } .atelier-main { padding: 12px; } }
`;
