/** Styles of the royalty level screens (beside MANAGE_CSS). */
export const ROYALTY_LEVELS_CSS = `
.mg-table-scroll { overflow-x: auto; max-width: 100%; }
.mg-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.rl-facts { margin-bottom: 20px; }
`;
