import type { AccessLevel } from '../../plugins/access';

/** Who sends the matrix's requests. */
export const PRINCIPALS = [
  'anonymous',
  'guest',
  'customer',
  'second customer',
  'artist',
  'staff',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

/** The customer owns the path's resources; staff may act on them; nobody else may. */
export const OWNER_SIDE: ReadonlySet<Principal> = new Set(['customer', 'staff']);

export interface Expectation {
  /** What the documentation promises, as the violation table shows it. */
  text: string;
  holds(status: number): boolean;
}

const is = (...statuses: number[]): Expectation => ({
  text: statuses.join(' or '),
  holds: (status) => statuses.includes(status),
});
const isNot = (...statuses: number[]): Expectation => ({
  text: `not ${statuses.join('/')}`,
  holds: (status) => !statuses.includes(status),
});

const signedIn = (who: Principal) => who !== 'anonymous' && who !== 'guest';

/** The answer `who` must get from a route declared `level` (plugins/access.ts). */
export function expectation(level: AccessLevel, who: Principal): Expectation {
  switch (level) {
    case 'public':
    case 'session':
      return isNot(401, 403);
    case 'user':
      return signedIn(who) ? isNot(401, 403) : is(401);
    case 'staff':
      if (!signedIn(who)) return is(401);
      return who === 'staff' ? isNot(401, 403) : is(403);
    case 'artist':
      if (!signedIn(who)) return is(401);
      return who === 'artist' || who === 'staff' ? isNot(401, 403) : is(403);
    case 'owner':
      // 403 would tell a stranger that the resource exists.
      if (!signedIn(who)) return is(401, 404);
      if (who === 'customer') return isNot(401, 403, 404);
      return who === 'staff' ? isNot(401, 403) : is(404);
    case 'webhook':
      // No signature: refused whoever sends it.
      return is(400);
  }
}

export interface Violation {
  route: string;
  principal: Principal;
  expected: string;
  got: string;
}

/** The violations as an aligned table, one a line. */
export function violationTable(violations: readonly Violation[]): string {
  const header: Violation = {
    route: 'route',
    principal: 'principal' as Principal,
    expected: 'expected',
    got: 'got',
  };
  const rows = [header, ...violations];
  const width = (key: keyof Violation) => Math.max(...rows.map((row) => row[key].length));
  const widths = { route: width('route'), principal: width('principal') };
  const line = (row: Violation) =>
    [
      row.route.padEnd(widths.route),
      row.principal.padEnd(widths.principal),
      row.expected.padEnd(width('expected')),
      row.got,
    ].join('  ');
  return [`${violations.length} authorization violation(s):`, ...rows.map(line)].join('\n');
}
