import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config';

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
    });
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
