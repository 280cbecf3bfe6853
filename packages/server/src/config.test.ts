import { existsSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { ConfigError, DEV_FIELD_ENCRYPTION_KEY, loadConfig, REPO_ROOT } from './config';

describe('config', () => {
  it('has defaults, with DATA_DIR at the repository root whatever the cwd', () => {
    const config = loadConfig({});
    expect(REPO_ROOT).toBe(path.resolve(__dirname, '../../..'));
    expect(existsSync(path.join(REPO_ROOT, 'pnpm-workspace.yaml'))).toBe(true);
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: path.join(REPO_ROOT, '.data'),
      pgliteDir: path.join(REPO_ROOT, '.data', 'pglite'),
      mediaDir: path.join(REPO_ROOT, '.data', 'media'),
      frontendDir: REPO_ROOT,
      remotesFile: undefined,
      demoImages: 1500,
      logLevel: 'info',
      trustProxy: false,
      publicUrl: undefined,
      trustedOrigins: [],
      allowedHosts: [],
      governmentHosts: [],
      redisUrl: undefined,
      requestTimeout: 30,
      uploadDir: path.join(REPO_ROOT, '.data', 'uploads'),
      uploadMaxBytes: 500 * 1024 * 1024,
      production: false,
      jwtSecret: undefined,
      accessTokenLifetime: 300,
      refreshTokenLifetime: 86_400,
      resetTokenLifetime: 3_600,
      sessionLifetime: 1_209_600,
      workers: 1,
      searchThreads: os.availableParallelism(),
      searchWarmUp: 2000,
      authRateLimit: 10,
      smtpUrl: undefined,
      mailFrom: 'Atelier <no-reply@atelier.example>',
      outboxDir: path.join(REPO_ROOT, '.data', 'outbox'),
      stripeSecretKey: undefined,
      stripeWebhookSecret: undefined,
      stripePublishableKey: undefined,
      stripeApiUrl: undefined,
      fieldEncryptionKey: Buffer.from(DEV_FIELD_ENCRYPTION_KEY, 'hex'),
      fieldEncryptionOldKeys: [],
      taxReportingThresholds: {},
      taxPayer: { name: 'Atelier', tin: '', address: '' },
    });
  });

  it('runs searches on SEARCH_THREADS threads, 0 meaning the main thread', () => {
    expect(loadConfig({ SEARCH_THREADS: '0' }).searchThreads).toBe(0);
    expect(loadConfig({ SEARCH_THREADS: '3' }).searchThreads).toBe(3);
    expect(() => loadConfig({ SEARCH_THREADS: '-1' })).toThrow(/SEARCH_THREADS: must be 0/);
    expect(() => loadConfig({ SEARCH_THREADS: 'two' })).toThrow(/SEARCH_THREADS: must be a whole/);
  });

  it('warms each search index up with SEARCH_WARMUP searches, 2000 unless told, 0 meaning none', () => {
    expect(loadConfig({}).searchWarmUp).toBe(2000);
    expect(loadConfig({ SEARCH_WARMUP: '0' }).searchWarmUp).toBe(0);
    expect(loadConfig({ SEARCH_WARMUP: '500' }).searchWarmUp).toBe(500);
    expect(() => loadConfig({ SEARCH_WARMUP: '-1' })).toThrow(/SEARCH_WARMUP: must be 0/);
    expect(() => loadConfig({ SEARCH_WARMUP: 'many' })).toThrow(/SEARCH_WARMUP: must be a whole/);
  });

  it('needs FIELD_ENCRYPTION_KEY in production, as hex or base64 of 32 bytes', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /FIELD_ENCRYPTION_KEY: is required in production/,
    );
    const key = Buffer.alloc(32, 7);
    expect(
      loadConfig({ NODE_ENV: 'production', FIELD_ENCRYPTION_KEY: key.toString('base64') })
        .fieldEncryptionKey,
    ).toEqual(key);
    expect(loadConfig({ FIELD_ENCRYPTION_KEY: key.toString('hex') }).fieldEncryptionKey).toEqual(
      key,
    );
    expect(() => loadConfig({ FIELD_ENCRYPTION_KEY: 'short' })).toThrow(
      /FIELD_ENCRYPTION_KEY: must be 32 bytes/,
    );
  });

  it('reads FIELD_ENCRYPTION_OLD_KEYS (comma-separated, each checked) for key rotation', () => {
    const a = Buffer.alloc(32, 1);
    const b = Buffer.alloc(32, 2);
    expect(
      loadConfig({ FIELD_ENCRYPTION_OLD_KEYS: `${a.toString('hex')}, ${b.toString('base64')}` })
        .fieldEncryptionOldKeys,
    ).toEqual([a, b]);
    expect(loadConfig({}).fieldEncryptionOldKeys).toEqual([]);
    expect(() =>
      loadConfig({ FIELD_ENCRYPTION_OLD_KEYS: `${a.toString('hex')},not-a-key` }),
    ).toThrow(/FIELD_ENCRYPTION_OLD_KEYS.*: each key \(comma-separated\) must be 32 bytes/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://u@db:5432/atelier',
      DATA_DIR: '/srv/data',
      FRONTEND_DIR: '/srv/web',
      REMOTES_FILE: '/srv/remotes.json',
      DEMO_IMAGES: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/atelier',
      dataDir: '/srv/data',
      mediaDir: '/srv/data/media',
      frontendDir: '/srv/web',
      remotesFile: '/srv/remotes.json',
      demoImages: 0,
      logLevel: 'warn',
      trustProxy: true,
    });
    expect(loadConfig({ MEDIA_DIR: '/m', DATABASE_URL: '' })).toMatchObject({
      mediaDir: '/m',
      databaseUrl: undefined,
    });
  });

  it('reads the accounts variables', () => {
    const config = loadConfig({
      DATA_DIR: '/srv/data',
      PUBLIC_URL: 'https://shop.example/',
      TRUSTED_ORIGINS: 'http://localhost:3000, http://localhost:3001/,https://admin.shop.example',
      JWT_SECRET: 'x'.repeat(32),
      ACCESS_TOKEN_LIFETIME: '60',
      REFRESH_TOKEN_LIFETIME: '3600',
      RESET_TOKEN_LIFETIME: '900',
      SESSION_LIFETIME: '86400',
      AUTH_RATE_LIMIT: '0',
      SMTP_URL: 'smtps://user:pass@mail.shop.example:465',
      MAIL_FROM: 'Shop <shop@shop.example>',
    });
    expect(config).toMatchObject({
      publicUrl: 'https://shop.example',
      trustedOrigins: [
        'http://localhost:3000',
        'http://localhost:3001',
        'https://admin.shop.example',
      ],
      jwtSecret: 'x'.repeat(32),
      accessTokenLifetime: 60,
      refreshTokenLifetime: 3600,
      resetTokenLifetime: 900,
      sessionLifetime: 86_400,
      authRateLimit: 0,
      smtpUrl: 'smtps://user:pass@mail.shop.example:465',
      mailFrom: 'Shop <shop@shop.example>',
      outboxDir: '/srv/data/outbox',
    });
    expect(loadConfig({ MAIL_FROM: 'orders@shop.example', TRUSTED_ORIGINS: ' ' })).toMatchObject({
      mailFrom: 'orders@shop.example',
      trustedOrigins: [],
    });
  });

  it.each([
    ['PUBLIC_URL', 'shop.example'],
    ['PUBLIC_URL', 'https://shop.example/store'],
    ['PUBLIC_URL', 'ftp://shop.example'],
    ['TRUSTED_ORIGINS', 'http://localhost:3000,nonsense'],
    ['ALLOWED_HOSTS', 'shop.example,https://evil.example'],
    ['GOVERNMENT_HOSTS', 'gov.shop.example,gov shop'],
    ['GOVERNMENT_HOSTS', 'https://gov.shop.example'],
    ['REDIS_URL', 'localhost:6379'],
    ['REQUEST_TIMEOUT', '0'],
    ['UPLOAD_MAX_BYTES', '500MB'],
    ['UPLOAD_MAX_BYTES', '10'],
    ['JWT_SECRET', 'too-short'],
    ['ACCESS_TOKEN_LIFETIME', '0'],
    ['REFRESH_TOKEN_LIFETIME', '1.5'],
    ['RESET_TOKEN_LIFETIME', 'an hour'],
    ['SESSION_LIFETIME', '-5'],
    ['AUTH_RATE_LIMIT', '-1'],
    ['AUTH_RATE_LIMIT', 'ten'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', 'two'],
    ['SMTP_URL', 'http://mail.example'],
    ['MAIL_FROM', 'Atelier'],
  ])('refuses %s=%s with a message naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^\\s+${name}(\\.\\d+)?: `, 'm'),
    );
  });

  it('reads GOVERNMENT_HOSTS as lowercased host names, a port kept where given', () => {
    expect(
      loadConfig({ GOVERNMENT_HOSTS: ' Gov.Shop.Example , gov.localhost:8080,, ' }).governmentHosts,
    ).toEqual(['gov.shop.example', 'gov.localhost:8080']);
    // Independent of ALLOWED_HOSTS: one list never fills the other.
    expect(loadConfig({ ALLOWED_HOSTS: 'shop.example' }).governmentHosts).toEqual([]);
  });

  it('runs several workers on PostgreSQL only', () => {
    expect(
      loadConfig({ WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db/atelier' }).workers,
    ).toBe(2);
    expect(loadConfig({}).workers).toBe(1);
    expect(() => loadConfig({ WEB_CONCURRENCY: '2' })).toThrow(
      /^\s+WEB_CONCURRENCY: PGlite is embedded in one process/m,
    );
  });

  describe('Stripe', () => {
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_51AbCdEfGhIjKlMn',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdef',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51AbCdEfGhIjKlMn',
    };

    it('reads the three keys (and another API origin)', () => {
      expect(loadConfig({ ...keys, STRIPE_API_URL: 'http://localhost:12111' })).toMatchObject({
        stripeSecretKey: keys.STRIPE_SECRET_KEY,
        stripeWebhookSecret: keys.STRIPE_WEBHOOK_SECRET,
        stripePublishableKey: keys.STRIPE_PUBLISHABLE_KEY,
        stripeApiUrl: 'http://localhost:12111',
      });
    });

    it('needs all three together, of one mode', () => {
      expect(() => loadConfig({ STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
        /STRIPE_WEBHOOK_SECRET: is required[\s\S]*STRIPE_PUBLISHABLE_KEY: is required/,
      );
      expect(() => loadConfig({ STRIPE_PUBLISHABLE_KEY: keys.STRIPE_PUBLISHABLE_KEY })).toThrow(
        /STRIPE_SECRET_KEY: is required/,
      );
      expect(() =>
        loadConfig({ ...keys, STRIPE_PUBLISHABLE_KEY: 'pk_live_51AbCdEfGhIjKlMn' }),
      ).toThrow(/STRIPE_PUBLISHABLE_KEY: must be of the same mode/);
    });

    it.each([
      ['STRIPE_SECRET_KEY', 'pk_test_51AbCdEfGhIjKlMn'],
      ['STRIPE_SECRET_KEY', 'sk_test_short'],
      ['STRIPE_WEBHOOK_SECRET', 'secret'],
      ['STRIPE_PUBLISHABLE_KEY', 'sk_test_51AbCdEfGhIjKlMn'],
      ['STRIPE_API_URL', 'localhost:12111'],
    ])('refuses %s=%s', (name, value) => {
      expect(() => loadConfig({ ...keys, [name]: value })).toThrow(
        new RegExp(`^\\s+${name}: must be`, 'm'),
      );
    });
  });

  it('fails loudly, naming each bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        DEMO_IMAGES: '-1',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'DEMO_IMAGES', 'LOG_LEVEL'])
        expect(message).toContain(name);
    }
  });
});
