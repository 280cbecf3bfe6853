/**
 * Setup of the server's fast test tier (`*.test.ts`, jest.config.cjs): no database, no
 * Redis. Opening PGlite, a PostgreSQL client or pool, or a Redis client throws, so a test in
 * the wrong tier fails at once with the rule rather than running slowly.
 */

/** The error a fast-tier test meets when it opens a database. */
export function fastTierRefusal(what: string): Error {
  return new Error(
    `${what} in the fast test tier: fast tests (*.test.ts) open no database or Redis. ` +
      'Name the test file *.int.test.ts to put it in the integration tier ' +
      '(docs/development.md, "Test tiers").',
  );
}

/** A class whose construction (and static `create`) throws the refusal. */
function refused(what: string): new (...args: unknown[]) => never {
  return class Refused {
    constructor() {
      throw fastTierRefusal(what);
    }

    static create(): never {
      throw fastTierRefusal(what);
    }
  } as unknown as new (...args: unknown[]) => never;
}

jest.mock('@electric-sql/pglite', () => ({
  ...jest.requireActual<object>('@electric-sql/pglite'),
  PGlite: refused('PGlite'),
}));

jest.mock('pg', () => {
  const actual = jest.requireActual<Record<string, unknown>>('pg');
  const Client = refused('A PostgreSQL client (pg.Client)');
  const Pool = refused('A PostgreSQL pool (pg.Pool)');
  // `import pg from 'pg'` reads the module itself (no __esModule): the same object.
  return { ...actual, Client, Pool };
});

jest.mock('ioredis', () => {
  const Redis = refused('A Redis client (ioredis)');
  return Object.assign(Redis, { __esModule: true, default: Redis, Redis, Cluster: Redis });
});
