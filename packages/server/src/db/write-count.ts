/**
 * Whether a statement may have written, from its text and the command its result names.
 * A SELECT may still write through a data-modifying WITH (its text then names the
 * command), and a statement sent without parameters may be several statements. Errs on
 * the side of "may have": a needless yes costs one catch-up query of the search index.
 */
const WRITING_WORDS = /\b(insert|update|delete|merge|truncate|copy|call|do)\b/i;

export function mayHaveWritten(
  sql: string,
  command: string | undefined | null,
  parameterCount: number,
): boolean {
  return parameterCount === 0 || command?.toUpperCase() !== 'SELECT' || WRITING_WORDS.test(sql);
}
