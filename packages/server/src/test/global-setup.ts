import { existsSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpFreshPglite } from '../db/client';

/** Where the PGlite template lives; keyed by the PGlite version, reused across runs. */
export function pgliteTemplatePath(): string {
  const entry = require.resolve('@electric-sql/pglite'); // <package>/dist/index.cjs
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
  return path.join(tmpdir(), `atelier-pglite-template-${version}.tar`);
}

/**
 * Runs once before the test files: makes a fresh PGlite cluster (initdb is most of the
 * cost of a new PGlite, and is slow inside Jest's VM) and saves it as a tar archive, from
 * which every test file starts its own database. The tests still run the migrations.
 */
export default async function globalSetup(): Promise<void> {
  const file = pgliteTemplatePath();
  if (!existsSync(file)) {
    const partial = `${file}.${process.pid}.partial`;
    await writeFile(partial, await dumpFreshPglite());
    await rename(partial, file);
  }
  process.env.ATELIER_PGLITE_TEMPLATE = file;
}
