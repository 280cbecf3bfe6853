/*
 * Kept apart from the form's logic: @atelier/ui's entry re-exports these, and whatever that
 * entry imports is in every page's first load.
 */
/** SPEC §5 Generic forms and §8 messages, where a reader can find them. */
export const CLIENT_VALIDATION_FAILED = 'Form failed client-side validation';
export const METADATA_ADVICE =
  'Please try reloading the page. Contact customer support if this persists.';
export const NO_FIELDS_TITLE = 'No fields';
export const NO_FIELDS_TEXT = 'Showing unformatted data';
export const lookupErrorMessage = (label: string) =>
  `${label} lookup error. Please contact customer support.`;
export const INVALID_JSON = 'Enter valid JSON.';
/** SPEC §9: lookup search debounce 200 ms; related options fetched with limit 1000. */
export const LOOKUP_DEBOUNCE_MS = 200;
export const LOOKUP_LIMIT = 1000;
/** SPEC §5: textareas grow to 8 rows at most. */
export const TEXTAREA_MAX_ROWS = 8;
/** SPEC §5: list (tags) values are separated by , and ;. */
export const LIST_SEPARATORS = [',', ';'] as const;
/** SPEC §3: entity form fields named id, created or modified are read-only. */
export const READ_ONLY_NAMES = ['id', 'created', 'modified'] as const;
/** Strings longer than this (or unbounded) get a textarea. */
export const TEXTAREA_FROM_LENGTH = 255;
