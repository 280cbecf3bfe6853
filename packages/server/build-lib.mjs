// Bundles a Node program of this workspace with esbuild (used by the server's build.mjs and
// by tools/demo's): CommonJS for Node 20, like the sources under tsx, so `__dirname` and
// `require` keep working.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const SERVER_DIR = import.meta.dirname;

/**
 * Files the server reads relative to its own module (`__dirname`): in a bundle every module's
 * `__dirname` is dist/, so they are copied there (src/db/migrate.ts, src/lib/passwords).
 */
const RUNTIME_FILES = [
  ['src/db/migrations', 'migrations'],
  ['src/lib/passwords/common-passwords.txt', 'common-passwords.txt'],
];

/** Every npm dependency of `packageDir` and of the server stays external (node_modules). */
async function externals(packageDir) {
  const names = new Set();
  for (const dir of new Set([packageDir, SERVER_DIR])) {
    const manifest = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies']) {
      for (const name of Object.keys(manifest[field] ?? {})) {
        if (!name.startsWith('@atelier/')) names.add(name);
      }
    }
  }
  return [...names].flatMap((name) => [name, `${name}/*`]);
}

/**
 * @param {{ packageDir: string, entryPoints: Record<string, string>, inline?: string[] }} options
 *   entryPoints: output name (dist/<name>.js) → source, relative to packageDir; inline: npm
 *   packages bundled in all the same (not among the server's production dependencies).
 */
export async function bundleNode({ packageDir, entryPoints, inline = [] }) {
  const outdir = path.join(packageDir, 'dist');
  await rm(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: packageDir,
    entryPoints,
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: (await externals(packageDir)).filter(
      (name) => !inline.some((kept) => name === kept || name === `${kept}/*`),
    ),
    keepNames: true,
    logLevel: 'warning',
    // The workspace packages are TypeScript sources: their `main` is src/index.ts.
    mainFields: ['main'],
  });
  for (const [from, to] of RUNTIME_FILES) {
    await cp(path.join(SERVER_DIR, from), path.join(outdir, to), { recursive: true });
  }
}
