import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { DEV_FIELD_ENCRYPTION_KEY, type Config } from '../config';
import type { DriverKind } from '../db/client';
import { importLines } from '../modules/catalogue-import';
import { generateCatalogue, type GenerateResult } from '@atelier/demo-data';
import { createTestDatabase, type TestDatabase } from './databases';

/** A fixed `now` so that seeded dates do not depend on the day the tests run. */
export const TEST_NOW = new Date('2025-06-01T00:00:00Z');

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Temp directory holding media/ and any front-end builds a test writes. */
  dir: string;
  seeded: GenerateResult | null;
  close(): Promise<void>;
}

export function testConfig(dir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir: dir,
    pgliteDir: path.join(dir, 'pglite'),
    mediaDir: path.join(dir, 'media'),
    frontendDir: path.join(dir, 'frontends'),
    remotesFile: undefined,
    demoImages: 0,
    logLevel: 'silent',
    trustProxy: false,
    publicUrl: undefined,
    trustedOrigins: [],
    allowedHosts: [],
    governmentHosts: [],
    redisUrl: undefined,
    requestTimeout: 30,
    uploadDir: path.join(dir, 'uploads'),
    uploadMaxBytes: 500 * 1024 * 1024,
    production: false,
    jwtSecret: undefined,
    accessTokenLifetime: 300,
    refreshTokenLifetime: 86_400,
    resetTokenLifetime: 3_600,
    sessionLifetime: 1_209_600,
    workers: 1,
    // Searches in the main thread unless TEST_SEARCH_THREADS says (docs/development.md): the
    // search tests run both ways; threads.int.test.ts always runs them on threads.
    searchThreads: Number(process.env.TEST_SEARCH_THREADS ?? 0),
    // A short warm-up: every test app's index runs one as a server's does, at little cost.
    searchWarmUp: 200,
    // Off by default: tests sign in many times from one address; the rate-limit tests turn it on.
    authRateLimit: 0,
    smtpUrl: undefined,
    mailFrom: 'Atelier <no-reply@atelier.example>',
    outboxDir: path.join(dir, 'outbox'),
    stripeSecretKey: undefined,
    stripeWebhookSecret: undefined,
    stripePublishableKey: undefined,
    stripeApiUrl: undefined,
    fieldEncryptionKey: Buffer.from(DEV_FIELD_ENCRYPTION_KEY, 'hex'),
    fieldEncryptionOldKeys: [],
    ...overrides,
  };
}

/**
 * An app over a fresh database of `kind`, with `images` demo images (real files in a temp
 * MEDIA_DIR). `prepare` runs before the app is built (e.g. to write front-end builds).
 */
export async function createTestApp(
  kind: DriverKind,
  options: {
    images?: number;
    config?: Partial<Config>;
    prepare?: (dir: string) => Promise<void>;
  } = {},
): Promise<TestContext> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atelier-test-'));
  const config = testConfig(dir, options.config);
  const database = await createTestDatabase(kind);
  let seeded: GenerateResult | null = null;
  if (options.images) {
    seeded = await generateCatalogue(database.db, {
      count: options.images,
      mediaDir: config.mediaDir,
      now: TEST_NOW,
      importLines,
    });
  }
  await options.prepare?.(dir);
  const app = await buildApp(config, { db: database, logger: false });
  return {
    app,
    database,
    config,
    dir,
    seeded,
    async close() {
      await app.close();
      await database.dispose();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
