/** What a staff list says when it has no rows: nothing matched the filters, or nothing exists. */
export const NO_RESULTS = 'No results';
export const LIST_IS_EMPTY = 'List is empty';
