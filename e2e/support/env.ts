/** Names of the variables the global setup hands to the tests. */
export const E2E_ENV = {
  baseUrl: 'ATELIER_E2E_BASE_URL',
  remotesFile: 'ATELIER_E2E_REMOTES_FILE',
  runDir: 'ATELIER_E2E_RUN_DIR',
} as const;

export function e2eEnv(name: keyof typeof E2E_ENV): string {
  const value = process.env[E2E_ENV[name]];
  if (!value)
    throw new Error(
      `${E2E_ENV[name]} is not set: run the tests with \`playwright test\` (global-setup.ts)`,
    );
  return value;
}

/** The host name the e2e server serves the government site on (GOVERNMENT_HOSTS). */
export const GOVERNMENT_E2E_HOST = 'gov.localhost';
