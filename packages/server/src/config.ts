import os from 'node:os';
import path from 'node:path';
import { parseThresholds, UPLOAD_DEFAULT_MAX_BYTES } from '@atelier/contracts';
import { z } from 'zod';

/** The repository root, found from this file's location (packages/server/src), not the cwd. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const emptyToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const optionalText = z.preprocess(emptyToUndefined, z.string().optional());

const postgresUrl = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
);

const booleanFlag = z.preprocess(
  emptyToUndefined,
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((value) => value === 'true' || value === '1' || value === 'yes'),
);

const DEFAULT_MAIL_FROM = 'Atelier <no-reply@atelier.example>';
/** SEARCH_WARMUP's default: searches each index runs on itself before the server listens. */
const DEFAULT_SEARCH_WARMUP = 2000;

/** Default lifetimes in seconds (simplejwt's 5 min / 1 day; Django's 2-week session). */
const DEFAULT_LIFETIMES = {
  accessToken: 300,
  refreshToken: 86_400,
  resetToken: 3_600,
  session: 1_209_600,
} as const;

const seconds = (fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be at least 1 second')
      .max(10 * 365 * 86400, 'must be at most ten years')
      .default(fallback),
  );

/** An http(s) origin; a trailing slash is tolerated, anything after the host is not. */
const originText = z
  .string()
  .trim()
  .transform((value, ctx) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    if (
      !url ||
      (url.protocol !== 'http:' && url.protocol !== 'https:') ||
      (url.pathname !== '/' && url.pathname !== '') ||
      url.search ||
      url.hash ||
      url.username
    ) {
      ctx.addIssue({
        code: 'custom',
        message: `"${value}" is not an origin like https://shop.example or http://localhost:3000`,
      });
      return z.NEVER;
    }
    return url.origin;
  });

const originList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)
      : [],
  z.array(originText),
);

/** Comma-separated host names with an optional port (ALLOWED_HOSTS, GOVERNMENT_HOSTS), lowercased. */
const hostList = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((part) => part.trim().toLowerCase())
          .filter(Boolean)
      : [],
  z.array(
    z
      .string()
      .regex(
        /^[a-z0-9.-]+(:\d{1,5})?$/,
        'must be host names like shop.example or localhost:8080, separated by commas',
      ),
  ),
);

/** A Stripe key of `prefixes` (test or live mode): `sk_test_…`, `whsec_…`. */
const stripeKey = (prefixes: readonly string[], example: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(
        new RegExp(`^(${prefixes.join('|')})[A-Za-z0-9_]{8,250}$`),
        `must be a Stripe key like ${example}`,
      )
      .optional(),
  );

/** Stripe's live or test mode, from a key's prefix (`sk_live_…`, `pk_test_…`). */
const stripeMode = (key: string): 'live' | 'test' | null =>
  /^(sk|rk|pk)_live_/.test(key) ? 'live' : /^(sk|rk|pk)_test_/.test(key) ? 'test' : null;

/** A 32-byte field encryption key: 64 hex digits or base64 (README: Configuration). */
const FIELD_KEY_PATTERN = /^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$/;

const envSchema = z.object({
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(8080)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  DATABASE_URL: postgresUrl,
  DATA_DIR: optionalText,
  MEDIA_DIR: optionalText,
  FRONTEND_DIR: optionalText,
  REMOTES_FILE: optionalText,
  DEMO_IMAGES: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int().min(0).max(1_000_000).default(1500),
  ),
  LOG_LEVEL: z.preprocess(emptyToUndefined, z.enum(LOG_LEVELS).default('info')),
  TRUST_PROXY: booleanFlag,
  PUBLIC_URL: z.preprocess(emptyToUndefined, originText.optional()),
  TRUSTED_ORIGINS: originList,
  JWT_SECRET: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)')
      .optional(),
  ),
  ACCESS_TOKEN_LIFETIME: seconds(DEFAULT_LIFETIMES.accessToken),
  REFRESH_TOKEN_LIFETIME: seconds(DEFAULT_LIFETIMES.refreshToken),
  RESET_TOKEN_LIFETIME: seconds(DEFAULT_LIFETIMES.resetToken),
  SESSION_LIFETIME: seconds(DEFAULT_LIFETIMES.session),
  WEB_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of worker processes' })
      .int('must be a whole number of worker processes')
      .min(1, 'must be at least 1')
      .max(32, 'must be at most 32')
      .default(1),
  ),
  SEARCH_THREADS: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of search threads' })
      .int('must be a whole number of search threads')
      .min(0, 'must be 0 (searches in the main thread) or more')
      .max(32, 'must be at most 32')
      .optional(),
  ),
  SEARCH_WARMUP: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of searches' })
      .int('must be a whole number of searches')
      .min(0, 'must be 0 (no warm-up) or more')
      .max(100_000, 'must be at most 100000')
      .default(DEFAULT_SEARCH_WARMUP),
  ),
  AUTH_RATE_LIMIT: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of requests per minute' })
      .int('must be a whole number of requests per minute')
      .min(0, 'must be 0 (off) or more')
      .max(100_000, 'must be at most 100000')
      .default(10),
  ),
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^([^<>]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'must be an address, e.g. Atelier <no-reply@shop.example>',
      )
      .default(DEFAULT_MAIL_FROM),
  ),
  REDIS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  ALLOWED_HOSTS: hostList,
  GOVERNMENT_HOSTS: hostList,
  REQUEST_TIMEOUT: seconds(30),
  UPLOAD_MAX_BYTES: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'must be a whole number of bytes' })
      .int('must be a whole number of bytes')
      .min(1024, 'must be at least 1024 bytes')
      .max(1024 ** 4, 'must be at most 1 TiB')
      .default(UPLOAD_DEFAULT_MAX_BYTES),
  ),
  NODE_ENV: z.preprocess(emptyToUndefined, z.string().optional()),
  STRIPE_SECRET_KEY: stripeKey(['sk_test_', 'sk_live_', 'rk_test_', 'rk_live_'], 'sk_test_…'),
  STRIPE_WEBHOOK_SECRET: stripeKey(['whsec_'], 'whsec_…'),
  STRIPE_PUBLISHABLE_KEY: stripeKey(['pk_test_', 'pk_live_'], 'pk_test_…'),
  FIELD_ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        FIELD_KEY_PATTERN,
        'must be 32 bytes as 64 hex digits or base64 (e.g. `openssl rand -base64 32`)',
      )
      .optional(),
  ),
  FIELD_ENCRYPTION_OLD_KEYS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((text) => text.split(',').map((key) => key.trim()))
      .pipe(
        z.array(
          z
            .string()
            .regex(
              FIELD_KEY_PATTERN,
              'each key (comma-separated) must be 32 bytes as 64 hex digits or base64',
            ),
        ),
      )
      .optional(),
  ),
  // Tax reporting (docs/royalty-levels-and-tax.md): year=dollars thresholds past the table,
  // and the payer's fields on the 1099-NEC export.
  TAX_1099_THRESHOLDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .optional()
      .transform((value, ctx) => {
        try {
          return parseThresholds(value ?? '');
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: (error as Error).message });
          return z.NEVER;
        }
      }),
  ),
  TAX_PAYER_NAME: z.preprocess(emptyToUndefined, z.string().trim().max(200).default('Atelier')),
  TAX_PAYER_TIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^\d{2}-?\d{7}$/, 'must be an EIN like 12-3456789')
      .optional(),
  ),
  TAX_PAYER_ADDRESS: z.preprocess(emptyToUndefined, z.string().trim().max(500).default('')),
  STRIPE_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^/\s]+\/?$/, 'must be an origin like http://localhost:12111')
      .optional(),
  ),
});

type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  /** A postgres:// URL: use node-postgres. Absent: embedded PGlite in `pgliteDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  pgliteDir: string;
  mediaDir: string;
  frontendDir: string;
  /** A JSON file re-read on every GET /remotes.json; absent: the built-in manifest. */
  remotesFile: string | undefined;
  demoImages: number;
  logLevel: LogLevel;
  /** Honour X-Forwarded-* headers (behind a load balancer). */
  trustProxy: boolean;
  /** The site's public origin (links in emails, a trusted origin); absent: the request's. */
  publicUrl: string | undefined;
  /** Other origins whose pages may send cookie-authenticated unsafe requests. */
  trustedOrigins: string[];
  /**
   * Host names (with an optional port) whose requests may build the links of emails when
   * PUBLIC_URL is unset; a request for another host gets no emailed link.
   */
  allowedHosts: string[];
  /**
   * Host names (with an optional port) that serve the government customers' variant of the
   * site (SPEC §1: its own home page and title); empty: every host is the standard site.
   */
  governmentHosts: string[];
  /** Rate-limit counters shared by every worker and replica; absent: in each process's memory. */
  redisUrl: string | undefined;
  /** Seconds a request may take to arrive whole (headers and body); slower ones get 408. */
  requestTimeout: number;
  /** Resumable uploads (tus) of print masters: where they are kept, and the byte limit. */
  uploadDir: string;
  uploadMaxBytes: number;
  /** NODE_ENV=production: no source maps or dotfiles served, HSTS behind TLS. */
  production: boolean;
  /** HS256 key for JWTs; absent: generated once and kept in DATA_DIR/jwt-secret. */
  jwtSecret: string | undefined;
  /** Lifetimes in seconds. */
  accessTokenLifetime: number;
  refreshTokenLifetime: number;
  resetTokenLifetime: number;
  sessionLifetime: number;
  /** HTTP worker processes (node:cluster), each with its own search index; PostgreSQL only. */
  workers: number;
  /**
   * PGlite only: worker threads answering searches, each with its own index (about 1 GB per
   * million images); 0: searches in the main thread. PostgreSQL's workers search in process.
   */
  searchThreads: number;
  /**
   * Searches each search index runs on itself once built, before the server listens, so that
   * visitors' searches run compiled code (modules/search/query/warm-up.ts); 0: none.
   */
  searchWarmUp: number;
  /**
   * Failed sign-ins a minute per account and IP (three times that per IP), and registration
   * and reset requests per IP and per account and IP, for the whole server; never per
   * account alone (plugins/rate-limit.ts); 0: off.
   */
  authRateLimit: number;
  /** smtp(s):// URL; absent: emails are written to `outboxDir`. */
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Card payments through Stripe: all three set together, or none (no card at checkout). */
  stripeSecretKey: string | undefined;
  /** Verifies the signatures of POST /api/v2/payments/stripe/webhook/. */
  stripeWebhookSecret: string | undefined;
  /** Given to the browser for Stripe's Payment Element. */
  stripePublishableKey: string | undefined;
  /** Another Stripe API origin (stripe-mock, a proxy); absent: api.stripe.com. */
  stripeApiUrl: string | undefined;
  /** AES-256-GCM key (32 bytes) for tax ids and account numbers at rest. */
  fieldEncryptionKey: Buffer;
  /** Earlier field keys, still read until `pnpm fields:rotate` re-encrypts (key rotation). */
  fieldEncryptionOldKeys: Buffer[];
  /** TAX_1099_THRESHOLDS: year → 1099-NEC threshold in cents, past the contracts' table. */
  taxReportingThresholds?: Readonly<Record<number, number>>;
  /** The payer's fields of the 1099-NEC export. */
  taxPayer?: { name: string; tin: string; address: string };
}

/**
 * The key used when FIELD_ENCRYPTION_KEY is unset outside production (docs/configuration.md).
 * Public, so data encrypted with it is not secret: development and tests only.
 */
export const DEV_FIELD_ENCRYPTION_KEY =
  '6174656c6965722d6465762d6669656c642d6b65792d6e6f742d736563726574';

function fieldEncryptionKey(value: string | undefined): Buffer {
  const text = value ?? DEV_FIELD_ENCRYPTION_KEY;
  return Buffer.from(text, /^[0-9a-fA-F]{64}$/.test(text) ? 'hex' : 'base64');
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid environment:\n${problems}`);
  }
  const e = parsed.data;
  if (e.WEB_CONCURRENCY > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid environment:\n  WEB_CONCURRENCY: PGlite is embedded in one process; set DATABASE_URL ' +
        'to run more than one worker',
    );
  }
  const stripeProblems = stripeConfigProblems(e);
  if (stripeProblems.length > 0) {
    throw new ConfigError(
      `Invalid environment:\n${stripeProblems.map((p) => `  ${p}`).join('\n')}`,
    );
  }
  if (e.NODE_ENV === 'production' && !e.FIELD_ENCRYPTION_KEY) {
    throw new ConfigError(
      'Invalid environment:\n  FIELD_ENCRYPTION_KEY: is required in production (encrypts tax ' +
        'ids and bank account numbers; e.g. `openssl rand -base64 32`)',
    );
  }
  const dataDir = path.resolve(e.DATA_DIR ?? path.join(REPO_ROOT, '.data'));
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    pgliteDir: path.join(dataDir, 'pglite'),
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    frontendDir: path.resolve(e.FRONTEND_DIR ?? REPO_ROOT),
    remotesFile: e.REMOTES_FILE === undefined ? undefined : path.resolve(e.REMOTES_FILE),
    demoImages: e.DEMO_IMAGES,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    publicUrl: e.PUBLIC_URL,
    trustedOrigins: e.TRUSTED_ORIGINS,
    allowedHosts: e.ALLOWED_HOSTS,
    governmentHosts: e.GOVERNMENT_HOSTS,
    redisUrl: e.REDIS_URL,
    requestTimeout: e.REQUEST_TIMEOUT,
    uploadDir: path.join(dataDir, 'uploads'),
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    production: e.NODE_ENV === 'production',
    jwtSecret: e.JWT_SECRET,
    accessTokenLifetime: e.ACCESS_TOKEN_LIFETIME,
    refreshTokenLifetime: e.REFRESH_TOKEN_LIFETIME,
    resetTokenLifetime: e.RESET_TOKEN_LIFETIME,
    sessionLifetime: e.SESSION_LIFETIME,
    workers: e.WEB_CONCURRENCY,
    searchThreads: e.SEARCH_THREADS ?? os.availableParallelism(),
    searchWarmUp: e.SEARCH_WARMUP,
    authRateLimit: e.AUTH_RATE_LIMIT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeApiUrl: e.STRIPE_API_URL,
    fieldEncryptionKey: fieldEncryptionKey(e.FIELD_ENCRYPTION_KEY),
    fieldEncryptionOldKeys: (e.FIELD_ENCRYPTION_OLD_KEYS ?? []).map(fieldEncryptionKey),
    taxReportingThresholds: e.TAX_1099_THRESHOLDS,
    taxPayer: {
      name: e.TAX_PAYER_NAME,
      tin: e.TAX_PAYER_TIN ?? '',
      address: e.TAX_PAYER_ADDRESS,
    },
  };
}

/**
 * Card payments need all three Stripe variables, of one mode: a secret key without its
 * webhook secret would take payments that never mark an order paid.
 */
function stripeConfigProblems(e: {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_PUBLISHABLE_KEY?: string | undefined;
}): string[] {
  const secret = e.STRIPE_SECRET_KEY;
  const webhook = e.STRIPE_WEBHOOK_SECRET;
  const publishable = e.STRIPE_PUBLISHABLE_KEY;
  if (!secret && !webhook && !publishable) return [];
  const problems: string[] = [];
  if (!secret) problems.push('STRIPE_SECRET_KEY: is required when another STRIPE_* key is set');
  if (!webhook) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY (orders are marked paid by the webhook)',
    );
  }
  if (!publishable) {
    problems.push(
      'STRIPE_PUBLISHABLE_KEY: is required with STRIPE_SECRET_KEY (the card form needs it)',
    );
  }
  if (secret && publishable && stripeMode(secret) !== stripeMode(publishable)) {
    problems.push(
      'STRIPE_PUBLISHABLE_KEY: must be of the same mode (test or live) as STRIPE_SECRET_KEY',
    );
  }
  return problems;
}
