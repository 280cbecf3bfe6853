import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { builtAwaitingListen, reportListening, runPrimary } from './cluster';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * One process (WEB_CONCURRENCY=1, and always on PGlite): migrates, builds the search index and
 * serves. Several (PostgreSQL): this primary migrates, then runs the workers (cluster.ts),
 * each of which builds its own index and serves. The demo catalogue is not the server's: the
 * start command runs `@atelier/demo`'s first-start before this (docs/demo-catalogue.md).
 */
async function main(): Promise<void> {
  const started = performance.now();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const clustered = config.workers > 1;
  if (clustered && cluster.isWorker) {
    await serve(config, started, { prepared: true, worker: true });
    return;
  }
  if (!clustered) {
    await serve(config, started, { prepared: false, worker: false });
    return;
  }
  const { app, database } = await open(config);
  try {
    await prepare(app, database);
  } finally {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
  }
  app.log.info(`starting ${config.workers} workers`);
  process.exit(await runPrimary(config.workers, app.log));
}

async function open(config: Config): Promise<{ app: FastifyInstance; database: Database }> {
  let app: FastifyInstance | undefined;
  const database = await openDatabase(config, {
    onError: (error) => app?.log.error({ err: error }, 'idle database connection failed'),
  });
  try {
    app = await buildApp(config, { db: database });
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database open');
  return { app, database };
}

/** Migrations: once per start, before anything serves. */
async function prepare(app: FastifyInstance, database: Database): Promise<void> {
  const applied = await migrate(database.db);
  app.log.info(
    { applied },
    applied.length ? `applied migrations ${applied.join(', ')}` : 'schema up to date',
  );
}

/** Builds the search index and listens; `prepared`: the primary migrated. */
async function serve(
  config: Config,
  started: number,
  role: { prepared: boolean; worker: boolean },
): Promise<void> {
  const { app, database } = await open(config);
  try {
    if (!role.prepared) await prepare(app, database);
    const ms = await app.buildSearchIndex();
    app.log.info(
      { ms: Math.round(ms), threads: app.searchThreads ? config.searchThreads : 0 },
      'search index built',
    );
  } catch (error) {
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  const log = app.log;

  let stopping = false;
  let exitCode = 0;
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      log.error('shutdown timed out');
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    (async () => {
      await app.close();
      await database.close();
    })().then(
      () => process.exit(exitCode),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // PGlite's search threads: a replacement that died while starting leaves none to search.
  app.searchThreads?.onFatal((error) => {
    log.fatal({ err: error }, 'search threads cannot be replaced: stopping the server');
    exitCode = 1;
    stop('SIGTERM');
  });

  if (role.worker) await builtAwaitingListen();
  await app.listen({ port: config.port, host: config.host });
  if (role.worker) reportListening();
  log.info(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
