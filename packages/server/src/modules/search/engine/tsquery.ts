/**
 * PostgreSQL's text form of a tsquery, read back into a tree: PostgreSQL turns the user's
 * words into lexemes (plainto_/phraseto_tsquery, English stemming: repository.ts), and the
 * in-memory index evaluates the tree. Only tsquery output is ever parsed here, never user
 * text, so an unexpected form is a bug worth an error rather than a guess.
 *
 *   'sea' & 'boat' & !( 'oil' <2> 'canva' ) | 'heron'
 *
 * Precedence, as PostgreSQL prints it: ! binds tightest, then <N> (<-> is <1>), then &,
 * then |; parentheses where the tree needs them.
 */

export type TsqueryNode =
  | { kind: 'lexeme'; lexeme: string }
  | { kind: 'not'; arg: TsqueryNode }
  | { kind: 'and' | 'or'; left: TsqueryNode; right: TsqueryNode }
  | { kind: 'phrase'; distance: number; left: TsqueryNode; right: TsqueryNode };

export class TsqueryParseError extends Error {}

export function parseTsquery(text: string): TsqueryNode | null {
  let i = 0;
  const skipSpaces = () => {
    while (text[i] === ' ') i += 1;
  };
  const fail = (what: string): never => {
    throw new TsqueryParseError(`tsquery: ${what} at ${i} in ${JSON.stringify(text)}`);
  };

  function lexeme(): TsqueryNode {
    i += 1; // the opening quote
    let value = '';
    for (;;) {
      const c = text[i];
      if (c === undefined) fail('unterminated lexeme');
      if (c === "'") {
        if (text[i + 1] === "'") {
          value += "'";
          i += 2;
          continue;
        }
        i += 1;
        break;
      }
      if (c === '\\' && text[i + 1] !== undefined) {
        value += text[i + 1];
        i += 2;
        continue;
      }
      value += c;
      i += 1;
    }
    // Weights or a prefix mark (':*', ':AB'): never produced by our queries; ignored.
    if (text[i] === ':') {
      i += 1;
      while (/[*A-Da-d]/.test(text[i] ?? '')) i += 1;
    }
    return { kind: 'lexeme', lexeme: value };
  }

  function unary(): TsqueryNode {
    skipSpaces();
    const c = text[i];
    if (c === '!') {
      i += 1;
      return { kind: 'not', arg: unary() };
    }
    if (c === '(') {
      i += 1;
      const node = or();
      skipSpaces();
      if (text[i] !== ')') fail('expected )');
      i += 1;
      return node;
    }
    if (c === "'") return lexeme();
    return fail('expected a lexeme');
  }

  function phrase(): TsqueryNode {
    let left = unary();
    for (;;) {
      skipSpaces();
      const match = /^<(-|\d+)>/.exec(text.slice(i, i + 8));
      if (!match) return left;
      i += match[0].length;
      const distance = match[1] === '-' ? 1 : Number(match[1]);
      left = { kind: 'phrase', distance, left, right: unary() };
    }
  }

  function and(): TsqueryNode {
    let left = phrase();
    for (;;) {
      skipSpaces();
      if (text[i] !== '&') return left;
      i += 1;
      left = { kind: 'and', left, right: phrase() };
    }
  }

  function or(): TsqueryNode {
    let left = and();
    for (;;) {
      skipSpaces();
      if (text[i] !== '|') return left;
      i += 1;
      left = { kind: 'or', left, right: and() };
    }
  }

  skipSpaces();
  if (i >= text.length) return null;
  const tree = or();
  skipSpaces();
  if (i < text.length) fail('unexpected text');
  return tree;
}

/** The lexemes a match must or may contain: every lexeme not under a negation. */
export function positiveLexemes(node: TsqueryNode | null): string[] {
  const found = new Set<string>();
  const visit = (n: TsqueryNode): void => {
    if (n.kind === 'lexeme') found.add(n.lexeme);
    else if (n.kind !== 'not') {
      visit(n.left);
      visit(n.right);
    }
  };
  if (node) visit(node);
  return [...found];
}
