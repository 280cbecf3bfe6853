import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { defaultRemotes, freePort, missingBuilds, startServer } from './support/server';
import { E2E_ENV, GOVERNMENT_E2E_HOST } from './support/env';

/**
 * Starts the real server once for the run: a fresh DATA_DIR (the demo catalogue is seeded
 * on this first start, DEMO_IMAGES=120), a REMOTES_FILE the tests may rewrite, and the
 * production builds of the shell and the remotes. Tests read the address and the files
 * from the environment (see support/env.ts). Returns the teardown.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const missing = missingBuilds();
  if (missing.length) {
    throw new Error(
      `The production builds are missing (${missing.join(', ')}). Run \`pnpm build\` first, or \`pnpm test:e2e\`.`,
    );
  }
  const runDir = mkdtempSync(path.join(tmpdir(), 'atelier-e2e-'));
  const dataDir = path.join(runDir, 'data');
  const remotesFile = path.join(runDir, 'remotes.json');
  writeFileSync(remotesFile, `${JSON.stringify(defaultRemotes(), null, 2)}\n`);
  const port = await freePort(Number(process.env.ATELIER_E2E_PORT) || 8181);
  const logFile = path.join(runDir, 'server.log');
  const server = await startServer({
    port,
    dataDir,
    remotesFile,
    demoImages: 120,
    logFile,
    // Chromium resolves every *.localhost name to the loopback address: the government
    // variant is reached by its host name alone (government-home.spec).
    env: { GOVERNMENT_HOSTS: GOVERNMENT_E2E_HOST },
  });

  process.env[E2E_ENV.baseUrl] = server.url;
  process.env[E2E_ENV.remotesFile] = remotesFile;
  process.env[E2E_ENV.runDir] = runDir;
  console.log(`e2e: server ${server.url} (pid ${server.pid}), data in ${runDir}`);

  return async () => {
    await server.stop();
    if (process.env.ATELIER_E2E_KEEP) console.log(`e2e: kept ${runDir}`);
    else rmSync(runDir, { recursive: true, force: true });
  };
}
