import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  area,
  expectRenderedContent,
  HOME_HEADLINE,
  navBar,
  readRemotes,
  withRemotes,
} from '../support/app';
import { REPO_ROOT } from '../support/server';
import { serveDirectory, type StaticServer } from '../support/static-server';

const STOREFRONT_DIR = path.join(REPO_ROOT, 'mf-storefront');
const VARIANT_SRC = '.variant-src';
const SHELL_DIST = path.join(REPO_ROOT, 'shell', 'dist');

/** sha256 of every file under `dir`, by relative path. */
async function hashTree(dir: string): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hashes[path.relative(dir, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return Object.fromEntries(Object.entries(hashes).sort(([a], [b]) => a.localeCompare(b)));
}

/** Builds mf-storefront from `srcDir` into `outDir` with its own webpack config. */
function buildStorefront(srcDir: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const webpack = path.join(STOREFRONT_DIR, 'node_modules', '.bin', 'webpack');
    const child = spawn(
      webpack,
      ['--mode', 'production', '--env', `outDir=${outDir}`, '--env', `srcDir=${srcDir}`],
      {
        cwd: STOREFRONT_DIR,
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`webpack exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

test('a remote is deployed on its own: a new mf-storefront build on another origin shows up, the shell untouched', async ({
  page,
}) => {
  test.setTimeout(360_000);
  const headline = `Prints for every room ${Date.now().toString(36)}`;
  const shellBefore = await hashTree(SHELL_DIST);
  const storefrontDistBefore = await hashTree(path.join(STOREFRONT_DIR, 'dist'));
  const remotesBefore = await readRemotes();
  const workDir = await mkdtemp(path.join(tmpdir(), 'atelier-variant-'));
  const outDir = path.join(workDir, 'dist');
  const variantDir = path.join(STOREFRONT_DIR, VARIANT_SRC);
  let cdn: StaticServer | undefined;

  try {
    await test.step('change the home headline in a copy of mf-storefront/src', async () => {
      await rm(variantDir, { recursive: true, force: true });
      await cp(path.join(STOREFRONT_DIR, 'src'), variantDir, {
        recursive: true,
        filter: (source) => !/\.(test|spec)\.[jt]sx?$/.test(source),
      });
      const homePage = path.join(variantDir, 'pages', 'HomePage.tsx');
      const source = await readFile(homePage, 'utf8');
      expect(source, 'HomePage.tsx holds the headline').toContain(HOME_HEADLINE);
      await writeFile(homePage, source.replaceAll(HOME_HEADLINE, headline));
    });

    await test.step('build it into a new directory (webpack --env outDir --env srcDir)', async () => {
      await buildStorefront(VARIANT_SRC, outDir);
      const manifest = JSON.parse(
        await readFile(path.join(outDir, 'mf-manifest.json'), 'utf8'),
      ) as { name?: string };
      expect(manifest.name).toBe('mf_storefront');
    });

    cdn = await serveDirectory(outDir);
    const variantManifest = `${cdn.origin}/mf-manifest.json`;

    await test.step('the site still shows the old headline before remotes.json changes', async () => {
      await page.goto('/');
      await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
      expect(cdn!.requests).toEqual([]);
    });

    await withRemotes({ storefront: variantManifest }, async () => {
      await test.step('point remotes.json at the new build and reload: the new headline', async () => {
        const fetched: string[] = [];
        page.on('request', (request) => fetched.push(request.url()));
        const served = (await (await page.request.get('/remotes.json')).json()) as Record<
          string,
          string
        >;
        expect(served.storefront).toBe(variantManifest);

        await page.reload();
        const storefront = area(page, 'storefront');
        await expectRenderedContent(storefront, headline);
        await expect(storefront.getByRole('heading', { name: HOME_HEADLINE })).toHaveCount(0);
        // The storefront's code came from the other origin, none from the old deployment.
        expect(fetched.filter((url) => url.startsWith(cdn!.origin)).length).toBeGreaterThan(1);
        expect(fetched.filter((url) => url.includes('/remotes/storefront/'))).toEqual([]);
        expect(cdn!.requests).toContain('/mf-manifest.json');
        // The new build still talks to the same API and shows the catalogue.
        await expect(storefront.locator('[aria-label="Images"] img').first()).toBeVisible();
      });

      await test.step('the other remotes are still the deployed ones', async () => {
        await navBar(page).getByRole('link', { name: /Cart/ }).click();
        await expectRenderedContent(area(page, 'cart'), 'Cart');
        await navBar(page).getByRole('link', { name: 'Atelier home' }).click();
        await expectRenderedContent(area(page, 'storefront'), headline);
      });
    });

    await test.step('remotes.json restored: a reload shows the original headline again (rollback)', async () => {
      expect(await readRemotes()).toEqual(remotesBefore);
      await page.reload();
      await expectRenderedContent(area(page, 'storefront'), HOME_HEADLINE);
    });

    await test.step('not one file of shell/dist (nor the deployed mf-storefront/dist) changed', async () => {
      expect(await hashTree(SHELL_DIST)).toEqual(shellBefore);
      expect(await hashTree(path.join(STOREFRONT_DIR, 'dist'))).toEqual(storefrontDistBefore);
    });
  } finally {
    await cdn?.close();
    await rm(variantDir, { recursive: true, force: true });
    await rm(workDir, { recursive: true, force: true });
  }
});
