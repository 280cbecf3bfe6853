import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { readRemotesManifest } from './frontends';

/**
 * What Stripe's Payment Element needs (docs.stripe.com/security/guide, "Content Security
 * Policy"): Stripe.js from js.stripe.com, its card fields and 3-D Secure challenges in frames,
 * and its calls to api.stripe.com. Allowed only when card payment is configured.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
} as const;

/**
 * For every answer that is not an HTML page (JSON, media, scripts): nothing may load or run
 * if a browser is made to open one as a document (an SVG under /media, an error body).
 */
export const RESOURCE_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * A year; no `includeSubDomains`: other hosts under the operator's domain are not ours to
 * force onto TLS.
 */
export const HSTS = 'max-age=31536000';

export interface DocumentCspOptions {
  /** Origins other than this site's that the remotes manifest loads code from. */
  remoteOrigins: readonly string[];
  /** Card payment is configured: the checkout loads Stripe.js and its frames. */
  stripe: boolean;
  /** The page came over TLS: its subresources must too. */
  https: boolean;
}

/**
 * The policy of the shell's page (and of any other HTML the server answers, the API docs'
 * too). Scripts come only from files of this site and of the remotes: no inline script, no
 * eval. Styles allow 'unsafe-inline' because antd's CSS-in-JS writes <style> elements at run
 * time and React and antd set `style` attributes, which no nonce or hash can cover; styles
 * cannot run code, and the page is never framed.
 */
export function documentCsp({ remoteOrigins, stripe, https }: DocumentCspOptions): string {
  const self = ["'self'", ...remoteOrigins];
  const directives: Array<[string, readonly string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', [...self, ...(stripe ? STRIPE_SOURCES.script : [])]],
    ['script-src-attr', ["'none'"]],
    ['style-src', [...self, "'unsafe-inline'"]],
    // data: for antd's inline images; blob: for previews of a file picked for upload.
    ['img-src', [...self, 'data:', 'blob:']],
    ['font-src', [...self, 'data:']],
    // The federation runtime fetches each remote's mf-manifest.json.
    ['connect-src', [...self, ...(stripe ? STRIPE_SOURCES.connect : [])]],
    ['frame-src', stripe ? STRIPE_SOURCES.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  if (https) directives.push(['upgrade-insecure-requests', []]);
  return directives.map(([name, values]) => [name, ...values].join(' ')).join('; ');
}

export interface SecurityHeadersOptions {
  /** REMOTES_FILE: the remotes' origins in it are allowed by the page's policy. */
  remotesFile: string | undefined;
  /** config.stripePublishableKey is set. */
  stripe: boolean;
}

const HTML = /^\s*text\/html\b/i;

/**
 * Security headers on every answer. helmet sets the fixed ones (nosniff, X-Frame-Options
 * DENY, Referrer-Policy, the cross-origin policies); the Content-Security-Policy is chosen per
 * answer, since an HTML page's policy follows the remotes manifest, which may change without
 * a restart; HSTS is sent only on requests that came over TLS (`request.protocol` honours
 * X-Forwarded-Proto when TRUST_PROXY is set), so a plain-HTTP install is never pinned to TLS.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Stripe's payment methods may open a popup that reports back to this page.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // The remotes' files answer `cross-origin` themselves (frontends.ts).
    crossOriginResourcePolicy: { policy: 'same-site' },
    crossOriginEmbedderPolicy: false,
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const https = request.protocol === 'https';
    if (https) reply.header('strict-transport-security', HSTS);
    // A 304 refreshes the headers of the cached answer: it must not swap the page's policy
    // for another one.
    if (reply.statusCode === 304) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && HTML.test(type)) {
      // The page's policy follows the manifest, which changes while index.html does not: with
      // a validator, a reload would get a 304 and keep the old policy (a remote moved to a
      // new origin would be blocked). The shell's HTML is a few hundred bytes.
      reply.removeHeader('etag');
      reply.removeHeader('last-modified');
      const remotes = await readRemotesManifest(options.remotesFile);
      reply.header(
        'content-security-policy',
        documentCsp({
          // An unusable manifest loads nothing (/remotes.json answers 503): this site only.
          remoteOrigins: remotes.ok ? remotes.origins : [],
          stripe: options.stripe,
          https,
        }),
      );
    } else {
      reply.header('content-security-policy', RESOURCE_CSP);
    }
    return payload;
  });
}
