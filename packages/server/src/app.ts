import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { sql } from 'kysely';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { migrate } from './db/migrate';
import { httpTimeouts } from './http-timeouts';
import { createFieldCipher } from './lib/field-encryption';
import { createMailer } from './lib/mail';
import { createPasswordHasher, type PasswordHasher } from './lib/passwords';
import { artistArtRoutes } from './modules/artist-art/routes';
import { createArtistArtService } from './modules/artist-art/service';
import { applicationRoutes } from './modules/artist-applications/routes';
import { createApplicationService } from './modules/artist-applications/service';
import { createSampleFiles, PRIVATE_DIR_NAME } from './modules/artist-applications';
import { identityRoutes } from './modules/artist-identity/routes';
import { createIdentityService } from './modules/artist-identity/service';
import { onboardingRoutes } from './modules/artist-onboarding/routes';
import { createOnboardingService } from './modules/artist-onboarding/service';
import { createArtistProfileRepository } from './modules/artist-profiles';
import { artistProfileRoutes } from './modules/artist-profiles/routes';
import { createArtistProfileService } from './modules/artist-profiles/service';
import { createArtistRepository } from './modules/artists';
import { artistRoutes } from './modules/artists/routes';
import { createArtistService } from './modules/artists/service';
import { collectionRoutes } from './modules/collections/routes';
import { createCollectionService } from './modules/collections/service';
import { healthRoutes } from './modules/health/routes';
import { createHealthService } from './modules/health/service';
import { createAuthRepository } from './modules/auth';
import { authRoutes } from './modules/auth/routes';
import { createAccounts } from './modules/auth/service';
import { createContentEditRepository } from './modules/content-edit';
import { contentEditRoutes, POPULAR_PER_MINUTE } from './modules/content-edit/routes';
import { createContentEditService } from './modules/content-edit/service';
import { createDesignStudioRepository } from './modules/designstudio';
import { designStudioRoutes } from './modules/designstudio/routes';
import { createDesignStudioService } from './modules/designstudio/service';
import { createSessions } from './modules/auth';
import { loadJwtSecret } from './modules/auth';
import { createImageRepository } from './modules/images';
import { imageRoutes } from './modules/images/routes';
import { createImageService } from './modules/images/service';
import { manageRoutes } from './modules/manage/routes';
import { checkoutAndOrderRoutes } from './modules/orders/plugin';
import { payoutRoutes } from './modules/payouts/routes';
import { createPayoutService } from './modules/payouts/service';
import { pricingRoutes } from './modules/pricing/routes';
import { createPricingService } from './modules/pricing/service';
import { createBatchingPopularityRecorder, type PopularityRecorder } from './modules/popularity';
import { createProfileRepository } from './modules/profile';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { projectRoutes } from './modules/projects/routes';
import { createProjectService } from './modules/projects/service';
import { rootRoutes } from './modules/root/routes';
import { royaltyLevelRoutes } from './modules/royalty-levels/routes';
import { taxReportingRoutes } from './modules/tax-reporting/routes';
import { createTaxReportingService } from './modules/tax-reporting/service';
import {
  createSearchIndexer,
  createSearchRepository,
  createSearchService,
  createSearchThreads,
  searchChangeCount,
  type SearchPool,
  searchRoutes,
  warmUpSearch,
} from './modules/search';
import { siteRoutes } from './modules/site/routes';
import { createJobQueue, type JobQueue } from './modules/job-queue';
import { registerUploadJobs } from './modules/uploads';
import { createUploadRepository } from './modules/uploads';
import { uploadRoutes } from './modules/uploads/routes';
import { createUploadService } from './modules/uploads/service';
import { registerTransferSweeper, tusRoutes } from './modules/uploads';
import { createSupportHub } from './modules/support';
import { createSupportRepository } from './modules/support';
import { supportRoutes } from './modules/support/routes';
import { createSupportService } from './modules/support/service';
import { artistEmailPlugin } from './modules/artist-email/plugin';
import { registerAccess } from './plugins/access';
import { GUEST_SESSIONS_PER_MINUTE, registerAuth } from './plugins/auth';
import { frameworkErrors, registerErrorHandler } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerMethodNotAllowed } from './plugins/method-not-allowed';
import { IMMUTABLE, registerFrontends } from './plugins/frontends';
import { registerOpenApi } from './plugins/openapi';
import { authLimiter, registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerViewer } from './plugins/viewer';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** Builds the search index if it is not built yet; answers the build's milliseconds. */
    buildSearchIndex(): Promise<number>;
    /** PGlite's search threads (SEARCH_THREADS > 0); null when searches run in this thread. */
    searchThreads: SearchPool | null;
    /** Purchases raise popularity through it (modules/popularity). */
    popularity: PopularityRecorder;
    /** Long work off the request path (thumbnails, publishing uploads): modules/job-queue. */
    jobs: JobQueue;
  }
}

export interface BuildOptions {
  /**
   * An open, migrated database. Without it the app opens one from the config, migrates it
   * and closes it when the app closes.
   */
  db?: Database;
  /** Overrides the logger built from the config (tests pass `false`). */
  logger?: FastifyServerOptions['logger'];
  /** Overrides the argon2id hasher (production cost by default). */
  passwordHasher?: PasswordHasher;
  /** The rate limits' Redis key prefix (tests: one per run). */
  rateLimitNameSpace?: string;
  /** Start the job worker when the app is ready (default true; tests of the queue say false). */
  jobWorker?: boolean;
}

const hasPinoPretty = (): boolean => {
  try {
    require.resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
};

/** Structured JSON logs; pretty ones only for a person at a terminal. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): FastifyServerOptions['logger'] {
  const pretty = process.stdout.isTTY && hasPinoPretty();
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/**
 * The support chat's service and its live-update hub: through PostgreSQL's NOTIFY when the
 * database is a server (every worker and replica hears every reply), in process on PGlite.
 */
function supportService(app: FastifyInstance, database: Database) {
  const repository = createSupportRepository(database.db);
  const { url } = database;
  let resolve: Parameters<typeof createSupportHub>[0]['resolve'] = async () => null;
  const hub = createSupportHub({
    resolve: (notice) => resolve(notice),
    ...(database.kind === 'postgres' && url
      ? {
          postgres: {
            url,
            notify: async (channel, payload) => {
              await sql`select pg_notify(${channel}, ${payload})`.execute(database.db);
            },
          },
        }
      : {}),
    onError: (err) => app.log.warn({ err }, 'support: live updates'),
  });
  app.addHook('onClose', async () => hub.close());
  const service = createSupportService(repository, hub);
  resolve = service.resolve;
  return service;
}

/** The request id a client sent, if it is a sane one; otherwise a new UUID. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;
/** A search warm-up stops past this, however many searches SEARCH_WARMUP asked for. */
const SEARCH_WARMUP_MAX_MS = 30_000;

/** Builds the whole app (API, media, front ends). Never listens: tests use `inject()`. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    ...httpTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    requestIdHeader: false,
    genReqId: (request) => {
      const sent = request.headers['x-request-id'];
      return typeof sent === 'string' && REQUEST_ID.test(sent) ? sent : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, {
    remotesFile: config.remotesFile,
    stripe: Boolean(config.stripePublishableKey),
  });

  const ownsDb = !options.db;
  let database: Database;
  if (options.db) {
    database = options.db;
  } else {
    database = await openDatabase(config, {
      onError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
    });
    try {
      await migrate(database.db);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  app.decorate('database', database);
  if (ownsDb) app.addHook('onClose', async () => database.close());

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // In Redis when REDIS_URL is set (every worker and replica counts together), else in memory.
  const rateLimits = await registerRateLimits(app, {
    redisUrl: config.redisUrl,
    workers: config.workers,
    nameSpace: options.rateLimitNameSpace,
  });

  const mailer = createMailer({
    outboxDir: config.outboxDir,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    log: app.log,
  });
  const authRepository = createAuthRepository(database.db);
  const jwtSecret = await loadJwtSecret(config);
  const accounts = createAccounts({
    repository: authRepository,
    sessions: createSessions(authRepository, config.sessionLifetime),
    hasher: options.passwordHasher ?? createPasswordHasher(),
    mailer,
    secret: jwtSecret,
    lifetimes: {
      accessToken: config.accessTokenLifetime,
      refreshToken: config.refreshTokenLifetime,
      resetToken: config.resetTokenLifetime,
    },
    log: app.log,
  });
  app.addHook('onClose', async () => {
    await accounts.idle();
    mailer.close();
  });
  if (!config.publicUrl && config.production) {
    app.log.warn(
      config.allowedHosts.length > 0
        ? `PUBLIC_URL is not set: emailed links use the request's host if it is one of ALLOWED_HOSTS (${config.allowedHosts.join(', ')})`
        : 'PUBLIC_URL and ALLOWED_HOSTS are not set: emails with links (password reset) are refused unless the request is for localhost',
    );
  }

  registerErrorHandler(app);
  registerMethodNotAllowed(app);
  registerInputGuard(app);
  registerViewer(app);
  registerAccess(app);
  await registerAuth(app, accounts, {
    trustedOrigins: config.trustedOrigins,
    publicUrl: config.publicUrl,
    // AUTH_RATE_LIMIT=0 turns every account-related limit off.
    guestSessionsPerMinute: config.authRateLimit > 0 ? GUEST_SESSIONS_PER_MINUTE : null,
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await registerOpenApi(app);

  const db = database.db;
  const popularity = createBatchingPopularityRecorder(db, {
    onError: (err: unknown) =>
      app.log.error({ err }, 'popularity: write failed (kept for the next)'),
  });
  app.decorate('popularity', popularity);
  app.addHook('onClose', async () => popularity.close());
  // Commerce modules (projects, checkout, orders) register below the search routes.
  await app.register(projectRoutes, {
    projects: createProjectService(db, popularity),
    publicUrl: config.publicUrl,
  });
  await app.register(checkoutAndOrderRoutes, { db, mailer, popularity, config });
  await app.register(rootRoutes);
  await app.register(siteRoutes, { governmentHosts: config.governmentHosts });
  await app.register(healthRoutes, { health: createHealthService(db, database.kind) });
  await app.register(imageRoutes, { images: createImageService(createImageRepository(db)) });
  await app.register(pricingRoutes, { pricing: createPricingService() });
  await app.register(artistRoutes, { artists: createArtistService(createArtistRepository(db)) });
  await app.register(collectionRoutes, { collections: createCollectionService(db) });
  // PGlite is one process: its searches run on threads, each with its own index
  // (docs/search.md, Threads); PostgreSQL's run in each worker process.
  const searchWarmUp = { searches: config.searchWarmUp, maxMs: SEARCH_WARMUP_MAX_MS };
  const searchThreads =
    database.kind === 'pglite' && config.searchThreads > 0
      ? createSearchThreads(database, config.searchThreads, app.log, searchWarmUp)
      : null;
  app.decorate('searchThreads', searchThreads);
  if (searchThreads) app.addHook('onClose', async () => searchThreads.close());
  const searchIndexer = createSearchIndexer(
    db,
    searchThreads ? undefined : searchChangeCount(database),
  );
  const searchRepository = createSearchRepository(db, searchIndexer);
  const searchService = createSearchService(searchRepository);
  // server.ts builds the search index before listening (after migrations), so
  // that no search waits for it; without the call the first search builds it.
  app.decorate('buildSearchIndex', async () => {
    if (searchThreads) return searchThreads.start();
    await searchRepository.warm();
    const warmUp = await warmUpSearch(searchService, searchRepository, searchWarmUp);
    const logged = { ...warmUp, ms: Math.round(warmUp.ms) };
    if (warmUp.failures > 0) app.log.warn(logged, 'search warm-up: searches failed');
    else app.log.info(logged, 'search warm-up');
    return searchRepository.indexStats().lastBuildMs;
  });
  await app.register(searchRoutes, { search: searchService, threads: searchThreads });
  await app.register(contentEditRoutes, {
    contentEdit: createContentEditService(createContentEditRepository(db)),
    popularLimit: { limits: rateLimits, max: rateLimits.share(POPULAR_PER_MINUTE) },
  });
  await app.register(designStudioRoutes, {
    designStudio: createDesignStudioService(createDesignStudioRepository(db)),
  });
  await app.register(authRoutes, {
    accounts,
    limiter: config.authRateLimit > 0 ? authLimiter(rateLimits, config.authRateLimit) : null,
    emailLinks: { publicUrl: config.publicUrl, allowedHosts: config.allowedHosts },
  });
  await app.register(profileRoutes, {
    profiles: createProfileService(createProfileRepository(db)),
  });
  await app.register(artistProfileRoutes, {
    artistProfiles: createArtistProfileService(createArtistProfileRepository(db)),
  });
  await app.register(manageRoutes, { db });
  await app.register(artistEmailPlugin, { db, mailer });

  // The artist portal (README: Artist portal): application, onboarding, payee, art, profile.
  const fieldCipher = createFieldCipher(config.fieldEncryptionKey, config.fieldEncryptionOldKeys);
  await app.register(applicationRoutes, {
    applications: createApplicationService(db, {
      samples: createSampleFiles({
        mediaDir: config.mediaDir,
        privateDir: path.join(config.dataDir, PRIVATE_DIR_NAME),
        secret: jwtSecret,
      }),
      mailer,
      publicUrl: config.publicUrl,
      log: app.log,
    }),
  });
  await app.register(onboardingRoutes, { onboarding: createOnboardingService(db, fieldCipher) });
  await app.register(identityRoutes, { identities: createIdentityService(db, fieldCipher) });
  await app.register(payoutRoutes, { payouts: createPayoutService(db, fieldCipher) });
  await app.register(artistArtRoutes, { art: createArtistArtService(db, config.mediaDir) });
  const jobs = createJobQueue(db, {
    onError: (job, err) => app.log.warn({ err, job: job.id, queue: job.queue }, 'job failed'),
  });
  app.decorate('jobs', jobs);
  const uploadRepository = createUploadRepository(db);
  registerUploadJobs({
    uploads: uploadRepository,
    jobs,
    transfersDir: config.uploadDir,
    mediaDir: config.mediaDir,
  });
  await app.register(tusRoutes, {
    dir: config.uploadDir,
    maxBytes: config.uploadMaxBytes,
    files: uploadRepository,
  });
  registerTransferSweeper(app, { dir: config.uploadDir, files: uploadRepository });
  await app.register(uploadRoutes, {
    uploads: createUploadService(uploadRepository, jobs),
    repository: uploadRepository,
  });
  // Royalty levels' dated rates and tax reporting (docs/royalty-levels-and-tax.md).
  await app.register(royaltyLevelRoutes, { db, jobs });
  await app.register(taxReportingRoutes, {
    tax: createTaxReportingService(db, fieldCipher, {
      thresholds: config.taxReportingThresholds ?? {},
      payer: config.taxPayer ?? { name: 'Atelier', tin: '', address: '' },
    }),
  });
  if (options.jobWorker !== false) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
  await app.register(supportRoutes, { support: supportService(app, database) });

  await mkdir(config.mediaDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: config.mediaDir,
    prefix: '/media/',
    decorateReply: false,
    cacheControl: false,
    index: false,
    // MEDIA_DIR may hold an operator's .env or a sync tool's state: never served.
    dotfiles: 'ignore',
    setHeaders: (reply) => {
      // A media file's name never gets new content: a changed picture gets a new path.
      reply.header('cache-control', IMMUTABLE);
    },
  });

  await registerFrontends(app, {
    frontendDir: config.frontendDir,
    remotesFile: config.remotesFile,
    production: config.production,
  });
  return app;
}
