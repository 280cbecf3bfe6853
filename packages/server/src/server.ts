import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { ensureDemoAccounts, ensureDemoCatalogue } from './db/seed';

const SHUTDOWN_TIMEOUT_MS = 10_000;

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

  let app: FastifyInstance | undefined;
  const database = await openDatabase(config, {
    onError: (error) => app?.log.error({ err: error }, 'idle database connection failed'),
  });
  try {
    app = await buildApp(config, { db: database });
    app.log.info({ database: database.kind, dataDir: config.dataDir }, 'database open');
    const applied = await migrate(database.db);
    app.log.info(
      { applied },
      applied.length ? `applied migrations ${applied.join(', ')}` : 'schema up to date',
    );
    const seeded = await ensureDemoCatalogue(database.db, {
      count: config.demoImages,
      mediaDir: config.mediaDir,
      log: app.log,
    });
    // Demo accounts (known passwords) only with a demo catalogue made on this first start:
    // never on a database that already had a catalogue.
    if (seeded) await ensureDemoAccounts(database.db, { log: app.log });
    const ms = await app.buildSearchIndex();
    app.log.info({ ms: Math.round(ms) }, 'search index built');
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
  const log = app.log;

  let stopping = false;
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
    const server = app;
    (async () => {
      await server?.close();
      await database.close();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  await app.listen({ port: config.port, host: config.host });
  log.info(`ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
