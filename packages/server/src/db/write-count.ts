/**
 * Whether a statement may have written, from its text and the command its result names.
 * A SELECT may still write through a data-modifying WITH (its text then names the
 * command), and a statement sent without parameters may be several statements. Errs on
 * the side of "may have": a needless yes costs one catch-up query of the search index.
 */
const WRITING_WORDS = /\b(insert|update|delete|merge|truncate|copy|call|do)\b/i;

function mayHaveWritten(
  sql: string,
  command: string | undefined | null,
  parameterCount: number,
): boolean {
  return parameterCount === 0 || command?.toUpperCase() !== 'SELECT' || WRITING_WORDS.test(sql);
}

/** The tables the search index follows (migrations 0007/0008); no other write concerns it. */
const FOLLOWED_TABLES = /\b(images|artists|search_removals)\b/i;
/**
 * A statement that writes one of them. A statement that only reads them (a cart's insert
 * joined with `images` for its answer) is not one; a statement without parameters (a
 * migration, a script) is judged by the names it mentions, as it may hold anything.
 */
const FOLLOWED_WRITE =
  /\b(insert\s+into|update|delete\s+from|truncate(\s+table)?|copy|merge\s+into|alter\s+table)\s+(only\s+)?("?public"?\.)?"?(images|artists|search_removals)\b/i;
const TRANSACTION_END = /^\s*(commit|end|rollback|abort)\b/i;

/**
 * Counts, through `onWrite`, the statements that may have changed what the search index
 * follows: one that names a followed table and may have written, and the end of a
 * transaction that ran one (its writes become visible only then). Carts, orders and
 * sessions write all day; counting them made every next search run a catch-up query for
 * nothing. A failed statement counts when it could have been such a write or such an end
 * (a lost answer to COMMIT). One tracker per connection: a transaction is one connection's.
 */
export function createWriteTracker(onWrite: () => void) {
  let pending = false;
  return (
    sql: string,
    command: string | undefined | null,
    parameterCount: number,
    failed = false,
  ) => {
    const followed = parameterCount === 0 ? FOLLOWED_TABLES.test(sql) : FOLLOWED_WRITE.test(sql);
    if (followed && (failed || mayHaveWritten(sql, command, parameterCount))) {
      onWrite();
      pending = !TRANSACTION_END.test(sql);
      return;
    }
    if (pending && (failed || TRANSACTION_END.test(sql))) {
      onWrite();
      pending = false;
    }
  };
}

export type WriteTracker = ReturnType<typeof createWriteTracker>;
