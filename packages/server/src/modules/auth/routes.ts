import {
  authError,
  credentials,
  detailError,
  registeredUser,
  registration,
  refreshRequest,
  resetPasswordConfirm,
  resetPasswordRequest,
  tokenPair,
  user,
  validationError,
} from '@atelier/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { emailOrigin, requireEmailOrigin, type EmailLinkOptions } from '../../lib/email-links';
import { requireUser, sessionOf } from '../../plugins/auth';
import { rateLimit, recentFailures, type AuthLimiter } from '../../plugins/rate-limit';
import { normalizeEmail } from './email';
import type { Accounts } from './service';
import { sessionCookieOf } from './sessions';

export interface AuthRoutesOptions {
  accounts: Accounts;
  /** Sign-in, registration and reset limits (AUTH_RATE_LIMIT); null: off. */
  limiter: AuthLimiter | null;
  /** Where links in emails may point (PUBLIC_URL, ALLOWED_HOSTS). */
  emailLinks: EmailLinkOptions;
}

const noContent = z.null().describe('No content');
const throttledError = detailError.describe('Too many requests (Retry-After says how long)');

const emailAccount = (body: Record<string, unknown>) =>
  typeof body.email === 'string' ? normalizeEmail(body.email).toLowerCase() : undefined;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** Same-origin, same-site, a typed URL ('none') and older browsers (no header) may sign out. */
const crossSiteSignOut = () =>
  new ApiError(403, { detail: 'CSRF Failed: Sign-out from another site is not allowed.' });

/** djoser + simplejwt: registration, JWTs, password reset, and the session sign-out. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { accounts, limiter, emailLinks },
) => {
  // Routes that must work whatever stale token the client still sends.
  const lenient = { lenientAuth: true };

  app.post(
    '/auth/users/',
    {
      config: { ...lenient, access: 'public' },
      preValidation: rateLimit(limiter, 'register', emailAccount),
      schema: {
        summary:
          'Register (djoser): a new active user; never answers the password. An address that ' +
          'has an account gets the same 201 (a uuid of no one) and its owner an email',
        tags: ['auth'],
        body: registration,
        response: { 201: registeredUser, 400: validationError, 429: throttledError },
      },
    },
    async (request, reply) => {
      const registered = await accounts.register(request.body, emailOrigin(request, emailLinks));
      return reply.code(201).send(registered);
    },
  );

  app.get(
    '/auth/users/me/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'The signed-in user',
        tags: ['auth'],
        response: { 200: user, 401: authError },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return accounts.me(requireUser(request).userId);
    },
  );

  app.post(
    '/auth/jwt/create/',
    {
      config: { ...lenient, access: 'public' },
      preValidation: rateLimit(limiter, 'sign-in', emailAccount, { count: 'failures' }),
      schema: {
        summary: 'Sign in (simplejwt): a token pair; also signs the browser session in',
        tags: ['auth'],
        body: credentials,
        response: {
          200: tokenPair,
          400: validationError,
          401: authError,
          403: detailError,
          429: throttledError,
        },
      },
    },
    async (request, reply) => {
      const { tokens, cookieValue } = await accounts.signIn(
        request.body,
        await sessionOf(request),
        {
          failures: recentFailures(request),
        },
      );
      accounts.sessions.setCookie(request, reply, cookieValue);
      noStore(reply);
      return tokens;
    },
  );

  app.post(
    '/auth/jwt/refresh/',
    {
      config: { ...lenient, access: 'public' },
      schema: {
        summary: 'A new token pair for a refresh token (rotated: the old one is revoked)',
        tags: ['auth'],
        body: refreshRequest,
        response: { 200: tokenPair, 400: validationError, 401: authError },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return accounts.refresh(request.body.refresh);
    },
  );

  app.get(
    '/auth/jwt/get/',
    {
      config: { ...lenient, access: 'user' },
      schema: {
        summary: 'A token pair for a browser whose session cookie is signed in',
        tags: ['auth'],
        response: { 200: tokenPair, 401: authError },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return accounts.tokensForSession(await sessionOf(request));
    },
  );

  app.post(
    '/auth/users/reset_password/',
    {
      config: { ...lenient, access: 'public' },
      preValidation: rateLimit(limiter, 'reset-request', emailAccount),
      schema: {
        summary: 'Email a password-reset link (204 whether or not the address has an account)',
        tags: ['auth'],
        body: resetPasswordRequest,
        response: {
          204: noContent,
          400: z.union([validationError, detailError]),
          429: throttledError,
        },
      },
    },
    async (request, reply) => {
      const origin = requireEmailOrigin(request, emailLinks);
      await accounts.requestPasswordReset(request.body.email, origin);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/users/reset_password_confirm/',
    {
      config: { ...lenient, access: 'public' },
      preValidation: rateLimit(limiter, 'reset-confirm', (body) => body.uid),
      schema: {
        summary: 'Set a new password with the uid and token of a reset link',
        tags: ['auth'],
        body: resetPasswordConfirm,
        response: { 204: noContent, 400: validationError, 429: throttledError },
      },
    },
    async (request, reply) => {
      await accounts.confirmPasswordReset(request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/accounts/signout-no-redirect/',
    {
      config: { ...lenient, access: 'public' },
      schema: {
        summary: 'Sign out: ends the browser session and revokes its refresh tokens',
        description:
          'A GET, as SPEC has it; refused (403) when the browser says a page of another site ' +
          'sent it (Sec-Fetch-Site: cross-site), so that no link or image elsewhere signs anyone out.',
        tags: ['auth'],
        response: { 204: noContent, 403: detailError },
      },
    },
    async (request, reply) => {
      if (request.headers['sec-fetch-site'] === 'cross-site') throw crossSiteSignOut();
      await accounts.signOut(await sessionOf(request), request.auth.token);
      if (sessionCookieOf(request) !== undefined) {
        accounts.sessions.clearCookie(request, reply);
      }
      noStore(reply);
      return reply.code(204).send(null);
    },
  );
};
