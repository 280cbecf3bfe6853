/** Styles of the home page (both variants); phones (< 576 px, SPEC §9 sm) get one column. */
export const HOME_CSS = `
.sf-hero { margin: 0 0 24px; padding-top: 8px; }
.sf-hero h1 { font: 600 40px/1.15 Georgia, 'Times New Roman', serif; margin: 0 0 8px; }
.sf-hero p { font-size: 16px; color: #6b625a; margin: 0; max-width: 720px; }
.sf-home h2 { font-size: 20px; font-weight: 600; margin: 0 0 12px; }
.sf-home-section { margin: 0 0 32px; }
.sf-more { text-align: center; margin: 24px 0; }
.sf-button { display: inline-block; padding: 10px 20px; border: 1px solid #d9d2c7; border-radius: 6px; color: #1f1a17; background: #fff; }
.sf-button:hover, .sf-button:focus-visible { border-color: #8a3b12; color: #8a3b12; }
.sf-button-primary { background: #8a3b12; border-color: #8a3b12; color: #fff; }
.sf-button-primary:hover, .sf-button-primary:focus-visible { background: #6f2f0e; color: #fff; }
.sf-collection-cards, .sf-gov-points { list-style: none; margin: 0; padding: 0; display: grid; gap: 12px;
  grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); }
.sf-collection-card { display: flex; flex-direction: column; gap: 4px; height: 100%; padding: 16px;
  border: 1px solid #e8e2d8; border-radius: 8px; background: #fff; color: #1f1a17; }
.sf-collection-card:hover, .sf-collection-card:focus-visible { border-color: #8a3b12; }
.sf-collection-card strong { overflow-wrap: anywhere; }
.sf-collection-card span { color: #6b625a; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
.sf-collection-card small { color: #6b625a; margin-top: auto; }
.sf-gov-points li { display: flex; flex-direction: column; gap: 4px; padding: 16px; border-left: 3px solid #8a3b12; background: #fff; }
.sf-gov-points span { color: #6b625a; }
@media (max-width: 575px) {
  .sf-hero h1 { font-size: 28px; }
  .sf-collection-cards, .sf-gov-points { grid-template-columns: 1fr; }
  .sf-more .sf-button { display: block; margin: 0 0 8px; }
}
`;
