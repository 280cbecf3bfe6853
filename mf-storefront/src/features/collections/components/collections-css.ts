/** Styles of the collections screens; rows and toolbars wrap so a 390 px phone needs no sideways scroll. */
export const COLLECTIONS_CSS = `
.sf-collections-header { display: flex; flex-wrap: wrap; align-items: center; justify-content: space-between; gap: 12px; margin: 8px 0 16px; }
.sf-collections-header h1 { margin: 0; font: 600 28px/1.2 Georgia, 'Times New Roman', serif; overflow-wrap: anywhere; }
.sf-collections-toolbar { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 12px; }
.sf-collections-toolbar > * { flex: 1 1 240px; max-width: 360px; }
.sf-collections-typeahead { width: 100%; }
.sf-collections-menu ul { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 16px; list-style: none; margin: 0 0 12px; padding: 0; }
/* A long name must not push the rest of the menu onto new lines. */
.sf-collections-menu a { display: inline-block; max-width: 220px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; vertical-align: bottom; color: #1f1a17; }
.sf-collections-menu a:hover, .sf-collections-menu a:focus-visible { color: #8a3b12; }
.sf-collection-list { list-style: none; margin: 0 0 8px; padding: 0; }
.sf-collection-row { display: grid; gap: 2px; min-width: 0; padding: 12px 0; border-bottom: 1px solid #ece6dd; }
.sf-collection-row-title { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; font-size: 16px; overflow-wrap: anywhere; }
.sf-collection-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; margin-bottom: 16px; }
.sf-collection-form { max-width: 560px; }
@media (max-width: 480px) {
  .sf-collections-header h1 { font-size: 24px; }
  .sf-collections-toolbar > * { max-width: none; }
}
`;
