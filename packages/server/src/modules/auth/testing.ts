/** Helpers for tests that need users, tokens and session cookies (test code only). */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { tokenPair, type TokenPair } from '@atelier/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SESSION_COOKIE } from './sessions';

/** Other modules' fixtures make staff as `pnpm staff:create` does. */
export { createOrPromoteStaff } from './staff';

export const PASSWORD = 'correct horse battery staple';

export async function register(
  app: FastifyInstance,
  email: string,
  password: string = PASSWORD,
  name = '',
): Promise<LightMyRequestResponse> {
  const res = await app.inject({
    method: 'POST',
    url: '/auth/users/',
    payload: { email, password, name },
  });
  if (res.statusCode !== 201) throw new Error(`register ${email}: ${res.statusCode} ${res.body}`);
  return res;
}

export function signInRequest(
  app: FastifyInstance,
  email: string,
  password: string = PASSWORD,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/auth/jwt/create/',
    payload: { email, password },
    headers,
  });
}

/** Signs in; answers the token pair and the session cookie value. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string = PASSWORD,
  headers: Record<string, string> = {},
): Promise<TokenPair & { cookie: string }> {
  const res = await signInRequest(app, email, password, headers);
  if (res.statusCode !== 200) throw new Error(`sign in ${email}: ${res.statusCode} ${res.body}`);
  const cookie = sessionCookie(res)?.value;
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { ...tokenPair.parse(res.json()), cookie };
}

export const sessionCookie = (res: LightMyRequestResponse) =>
  res.cookies.find((cookie) => cookie.name === SESSION_COOKIE);

export const withCookie = (value: string) => ({ cookie: `${SESSION_COOKIE}=${value}` });
export const withJwt = (access: string) => ({ authorization: `JWT ${access}` });

/** The .eml files of the outbox, oldest first (their names sort by time). */
export async function outbox(dir: string): Promise<{ file: string; text: string }[]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((file) => file.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(path.join(dir, file), 'utf8') })),
  );
}

const RESET_LINK = /^(https?:\/\/\S+\/accounts\/reset-password-confirm\/([^/\s]+)\/([^/\s]+))$/m;

/** The reset link of an email: the whole line, its uid and its token. */
export function resetLinkIn(eml: string): { link: string; uid: string; token: string } {
  const match = RESET_LINK.exec(eml);
  if (!match?.[1] || !match[2] || !match[3]) throw new Error(`no reset link in:\n${eml}`);
  return { link: match[1], uid: match[2], token: match[3] };
}
