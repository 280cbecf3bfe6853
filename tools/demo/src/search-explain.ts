import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { CompiledQuery, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from '@atelier/server/src/db/pglite-dialect';
import type { DB } from '@atelier/server/src/db/schema';
import { GUEST } from '@atelier/server/src/plugins/viewer';
import {
  createSearchRepository,
  createSearchService,
  type SearchOptions,
} from '@atelier/server/src/modules/search';
import { searchQuerystring } from '@atelier/server/src/modules/search/routes';

/**
 * Debug only (the search benchmark imports it through tsx; no route exposes it): builds
 * the search index, runs one search as a guest without the caches, records every SQL
 * statement the search sent (matching, counting and sorting happen in the index; these
 * are its catch-up probe, the words' lexemes, ranks and cards), and answers each with its
 * plan from EXPLAIN (ANALYZE, BUFFERS).
 */

export type ExplainTarget = { databaseUrl: string } | { pgliteDir: string };

export interface ExplainedStatement {
  sql: string;
  parameters: readonly unknown[];
  /** How long the statement took during the search. */
  ms: number;
  plan: string[];
}

/** A query string as Fastify parses it: repeated keys become arrays. */
export function parseQueryString(querystring: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(querystring)) {
    const existing = out[key];
    out[key] = existing === undefined ? value : [...[existing].flat(), value];
  }
  return out;
}

export async function explainSearch(
  target: ExplainTarget,
  querystring: string,
  options: Partial<SearchOptions> = {},
): Promise<ExplainedStatement[]> {
  const statements: { sql: string; parameters: readonly unknown[]; ms: number }[] = [];
  const log = (event: { level: string; query: CompiledQuery; queryDurationMillis: number }) => {
    if (event.level === 'query') {
      statements.push({
        sql: event.query.sql,
        parameters: event.query.parameters,
        ms: event.queryDurationMillis,
      });
    }
  };
  let pglite: PGlite | undefined;
  let db: Kysely<DB>;
  if ('databaseUrl' in target) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 4 });
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log });
  } else {
    pglite = await PGlite.create({ dataDir: target.pgliteDir, extensions: { pg_trgm, unaccent } });
    db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), log });
  }
  try {
    const repository = createSearchRepository(db);
    const service = createSearchService(repository, { ...options, cacheEntries: 0 });
    const request = searchQuerystring.parse(parseQueryString(querystring));
    // The index is built first: only the search's own statements are explained.
    await repository.index();
    statements.length = 0;
    await service.search(request, GUEST);
    const explained: ExplainedStatement[] = [];
    for (const statement of [...statements]) {
      if (!/^\s*(select|with)\b/i.test(statement.sql)) continue;
      const result = await db.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain (analyze, buffers) ${statement.sql}`, [...statement.parameters]),
      );
      explained.push({
        ...statement,
        plan: result.rows.map((row) => String(Object.values(row)[0])),
      });
    }
    return explained;
  } finally {
    await db.destroy();
    await pglite?.close();
  }
}
