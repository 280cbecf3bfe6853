import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { REMOTE_NAMES, remotesManifest, type RemotesManifest } from '@atelier/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiError, NOT_FOUND, SERVER_ERROR } from '../lib/errors';

export const NO_CACHE = 'no-cache';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files that name other files: always revalidated, so a new deploy is picked up at once. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'remoteEntry.js', 'mf-manifest.json']);
/** A content hash in a file name (`main.3f9a1c2b.js`, `742-5d0e9f1a2b3c.css`). */
const HASHED_FILE = /[.\-_][0-9a-f]{8,}\.[a-z0-9]+(\.(map|gz|br))?$/i;

/** Cache-Control for a built front-end file. */
export function cacheControlFor(file: string): string {
  const name = path.basename(file);
  if (ENTRY_FILES.has(name)) return NO_CACHE;
  return HASHED_FILE.test(name) ? IMMUTABLE : NO_CACHE;
}

/** Paths the SPA never owns: they answer 404 JSON instead of the shell's index.html. */
export const SPA_EXCLUDED_PREFIXES = [
  '/api',
  '/auth',
  '/content',
  '/media',
  '/remotes',
  '/accounts/signout-no-redirect',
] as const;

export function isSpaPath(pathname: string): boolean {
  return !SPA_EXCLUDED_PREFIXES.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}

export const defaultRemotesManifest = (): RemotesManifest =>
  Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
  ) as RemotesManifest;

export interface FrontendOptions {
  frontendDir: string;
  remotesFile: string | undefined;
}

const setBuildHeaders = (reply: FastifyReply, file: string): void => {
  reply.header('cache-control', cacheControlFor(file));
};

const acceptsHtml = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/html');

/**
 * Serves the production builds on the API's port: the shell at `/`, each remote at
 * `/remotes/<name>/`, `/remotes.json`, and the SPA fallback (any other HTML GET gets the
 * shell's index.html). A missing build is skipped with a warning. Also owns the app's
 * not-found handler: everything else answers 404 `{"detail": "Not found."}`.
 */
export async function registerFrontends(
  app: FastifyInstance,
  options: FrontendOptions,
): Promise<void> {
  const shellDist = path.join(options.frontendDir, 'shell', 'dist');
  const shellIndex = path.join(shellDist, 'index.html');
  const hasShell = existsSync(shellIndex);

  for (const name of REMOTE_NAMES) {
    const dist = path.join(options.frontendDir, `mf-${name}`, 'dist');
    if (!existsSync(dist)) {
      app.log.warn({ dist }, `front end mf-${name} is not built; /remotes/${name}/ is not served`);
      continue;
    }
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      cacheControl: false,
      index: false,
      setHeaders: (reply, file) => {
        setBuildHeaders(reply, file);
        // A shell on another origin (a CDN, a dev server) may load this remote.
        reply.header('access-control-allow-origin', '*');
      },
    });
  }

  if (hasShell) {
    await app.register(fastifyStatic, {
      root: shellDist,
      prefix: '/',
      decorateReply: false,
      cacheControl: false,
      setHeaders: setBuildHeaders,
    });
  } else {
    app.log.warn(
      { dist: shellDist },
      'the shell is not built; / and the SPA fallback are not served',
    );
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/remotes.json',
    {
      schema: {
        summary: 'Remote name → URL of its mf-manifest.json, read by the shell at boot',
        tags: ['front ends'],
        response: { 200: remotesManifest },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_CACHE);
      if (!options.remotesFile) return defaultRemotesManifest();
      // Read on every request: repointing a remote needs no restart.
      let raw: unknown;
      try {
        raw = JSON.parse(await readFile(options.remotesFile, 'utf8'));
      } catch (error) {
        request.log.error({ err: error, file: options.remotesFile }, 'REMOTES_FILE cannot be read');
        throw new ApiError(500, { detail: SERVER_ERROR });
      }
      const parsed = remotesManifest.safeParse(raw);
      if (!parsed.success) {
        request.log.error(
          { issues: parsed.error.issues, file: options.remotesFile },
          'REMOTES_FILE is invalid',
        );
        throw new ApiError(500, { detail: SERVER_ERROR });
      }
      return parsed.data;
    },
  );

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      hasShell &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      acceptsHtml(request) &&
      isSpaPath(pathname)
    ) {
      const html = await readFile(shellIndex).catch(() => null);
      if (html) {
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', NO_CACHE)
          .send(html);
      }
    }
    return reply.code(404).send({ detail: NOT_FOUND });
  });
}
