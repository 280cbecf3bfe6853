import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, setCookie } from './cookies';
import type { AuthRepository, SessionRow } from './repository';

/** Django's cookie name. HTTP-only, SameSite=Lax, Path=/, Secure over https. */
export const SESSION_COOKIE = 'sessionid';

/** last_seen is written at most this often per session. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

/** A browser session as requests see it. */
export interface Session {
  /** sha256 of the cookie value: the sessions row id. */
  id: string;
  /** The signed-in user, or null for a guest. */
  user: { id: number; uuid: string; isStaff: boolean; isActive: boolean } | null;
}

export const hashSecret = (value: string): string =>
  createHash('sha256').update(value, 'utf8').digest('hex');

const newCookieValue = (): string => randomBytes(32).toString('base64url');

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  user:
    row.user_id !== null && row.user_uuid !== null
      ? {
          id: row.user_id,
          uuid: row.user_uuid,
          isStaff: row.user_is_staff === true,
          isActive: row.user_is_active === true,
        }
      : null,
});

export interface Sessions {
  /** The live session a cookie value names, or null (unknown or expired). */
  find(cookieValue: string): Promise<Session | null>;
  /** A new session (a guest's when `userId` is null); answers the cookie value. */
  create(userId: number | null): Promise<{ value: string; session: Session }>;
  /**
   * Signs a browser in: the current session gets a new id (no session fixation) and the
   * user; a session of another user is ended and a new one made. Answers the new cookie
   * value and the session id.
   */
  signIn(current: Session | null, userId: number): Promise<{ value: string; id: string }>;
  /** Ends a session: its refresh tokens are revoked and its row (and guest profile) deleted. */
  end(id: string): Promise<void>;
  setCookie(request: FastifyRequest, reply: FastifyReply, value: string): void;
  clearCookie(request: FastifyRequest, reply: FastifyReply): void;
}

/** The session cookie's value in a request, if it has one. */
export const sessionCookieOf = (request: FastifyRequest): string | undefined =>
  readCookie(request, SESSION_COOKIE);

export function createSessions(repository: AuthRepository, lifetimeSeconds: number): Sessions {
  const expiry = () => new Date(Date.now() + lifetimeSeconds * 1000);
  const cookieOptions = (request: FastifyRequest, maxAge: number) => ({
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https',
    maxAge,
  });

  const sessions: Sessions = {
    async find(cookieValue) {
      if (!cookieValue || cookieValue.length > 200) return null;
      const row = await repository.findSession(hashSecret(cookieValue));
      if (!row) return null;
      if (Date.now() - row.last_seen.getTime() > TOUCH_EVERY_MS) {
        await repository.touchSession(row.id);
      }
      return toSession(row);
    },

    async create(userId) {
      const value = newCookieValue();
      const id = hashSecret(value);
      await repository.insertSession({ id, user_id: userId, expires: expiry() });
      const found = await repository.findSession(id);
      if (!found) throw new Error('a new session could not be read back');
      return { value, session: toSession(found) };
    },

    async signIn(current, userId) {
      if (current && (current.user === null || current.user.id === userId)) {
        const value = newCookieValue();
        const id = hashSecret(value);
        if (await repository.cycleSession(current.id, { id, user_id: userId, expires: expiry() })) {
          return { value, id };
        }
      } else if (current) {
        await sessions.end(current.id);
      }
      const { value, session } = await sessions.create(userId);
      return { value, id: session.id };
    },

    end: (id) => repository.deleteSession(id),

    setCookie(request, reply, value) {
      setCookie(reply, SESSION_COOKIE, value, cookieOptions(request, lifetimeSeconds));
    },

    clearCookie(request, reply) {
      setCookie(reply, SESSION_COOKIE, '', cookieOptions(request, 0));
    },
  };
  return sessions;
}
