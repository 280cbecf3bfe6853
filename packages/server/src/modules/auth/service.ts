import { randomBytes, randomUUID } from 'node:crypto';
import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  type AuthError,
  type Credentials,
  type RegisteredUser,
  type ResetPasswordConfirm,
  type TokenPair,
  type User,
} from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, type ErrorBody } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { userText } from '../../lib/mail/user-text';
import { passwordProblems, type PasswordHasher, type VerifyOrder } from '../../lib/passwords';
import { normalizeEmail } from './email';
import type { AuthRepository, UserRow } from './repository';
import { hashSecret, type Session, type Sessions } from './sessions';
import { isUuid, issueToken, verifyToken } from './tokens';
import { createUsers, emailProblem, type NewAccount } from './users';

// --- the answers of simplejwt / djoser / DRF --------------------------------------------

const authFailure = (status: number, body: AuthError): ApiError =>
  new ApiError(status, body as ErrorBody);

/** 401 for a request without credentials where they are needed. */
export const notAuthenticated = (): ApiError =>
  new ApiError(401, { detail: AUTH_MESSAGES.notAuthenticated });

/** 401 for a bad, expired or revoked access token, on any route (simplejwt). */
export const accessTokenInvalid = (): ApiError =>
  authFailure(401, {
    detail: AUTH_ERRORS.tokenNotValidForAnyType,
    code: 'token_not_valid',
    messages: [
      { token_class: 'AccessToken', token_type: 'access', message: AUTH_MESSAGES.tokenNotValid },
    ],
  });

export const userInactive = (status: 401 | 403): ApiError =>
  authFailure(status, { detail: AUTH_ERRORS.userInactive, code: 'user_inactive' });

export const permissionDenied = (): ApiError =>
  new ApiError(403, { detail: AUTH_ERRORS.permissionDenied });

const refreshInvalid = () =>
  authFailure(401, { detail: AUTH_MESSAGES.tokenNotValid, code: 'token_not_valid' });
const refreshBlacklisted = () =>
  authFailure(401, { detail: AUTH_ERRORS.tokenBlacklisted, code: 'token_not_valid' });
const badCredentials = () => new ApiError(401, { detail: AUTH_MESSAGES.badCredentials });

const requireFilled = (fields: Record<string, string>): void => {
  const errors: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(fields)) {
    if (value.trim() === '') errors[field] = [AUTH_ERRORS.blank];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
};

// --- the service ------------------------------------------------------------------------

interface Lifetimes {
  /** Seconds. */
  accessToken: number;
  refreshToken: number;
  resetToken: number;
}

export interface AccountsOptions {
  repository: AuthRepository;
  sessions: Sessions;
  hasher: PasswordHasher;
  mailer: Mailer;
  secret: Buffer;
  lifetimes: Lifetimes;
  log: FastifyBaseLogger;
}

/** What an access token resolves to. */
export type AccessCheck =
  | { status: 'ok'; user: { id: number; uuid: string; isStaff: boolean }; family: string }
  | { status: 'inactive' }
  | { status: 'invalid' };

const RESET_PATH = '/accounts/reset-password-confirm';

const greeting = (name: string): string => {
  const safe = userText(name);
  return safe ? `Hello ${safe},` : 'Hello,';
};

export function resetEmail(options: { name: string; link: string; lifetimeSeconds: number }) {
  const minutes = Math.round(options.lifetimeSeconds / 60);
  const validity =
    minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
  return {
    subject: 'Password reset on Atelier',
    text: [
      greeting(options.name),
      '',
      'Someone (we hope you) asked to reset the password of your Atelier account.',
      'Open this link to choose a new password:',
      '',
      options.link,
      '',
      `The link works once and expires in ${validity}. If you did not ask for it,`,
      'ignore this email: your password stays the same.',
      '',
      'Atelier',
      '',
    ].join('\n'),
  };
}

const SIGN_IN_PATH = '/accounts/login';
const RESET_REQUEST_PATH = '/accounts/reset-password';

/**
 * What the owner of an address gets when someone registers with it again: registration
 * answers as if it worked, so this email is the only place the truth is told.
 * `origin` null (the site's address is not configured): the email names no link.
 */
export function registrationNoticeEmail(options: { name: string; origin: string | null }) {
  const links =
    options.origin === null
      ? ['Sign in on Atelier with your existing password, or ask there for a new one.']
      : [
          'If it was you, sign in with your existing password:',
          `${options.origin}${SIGN_IN_PATH}`,
          'or choose a new password here:',
          `${options.origin}${RESET_REQUEST_PATH}`,
        ];
  return {
    subject: 'Your Atelier account already exists',
    text: [
      greeting(options.name),
      '',
      'Someone (we hope you) tried to sign up on Atelier with this email address, which',
      'already has an account. Nothing was changed and no new account was made.',
      '',
      ...links,
      '',
      'If it was not you, ignore this email: your account stays as it is.',
      '',
      'Atelier',
      '',
    ].join('\n'),
  };
}

export function createAccounts(options: AccountsOptions) {
  const { repository, sessions, hasher, mailer, secret, lifetimes, log } = options;
  const users = createUsers(repository, hasher);
  const pending = new Set<Promise<void>>();

  /** Work the answer must not wait for (so its timing tells nothing); `idle()` awaits it. */
  const background = (name: string, task: () => Promise<void>): void => {
    const running: Promise<void> = task()
      .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => pending.delete(running));
    pending.add(running);
  };

  const issuePair = async (
    user: Pick<UserRow, 'id' | 'uuid'>,
    family: string,
    sessionId: string | null,
  ): Promise<TokenPair> => {
    const refresh = await issueToken(secret, {
      type: 'refresh',
      userUuid: user.uuid,
      family,
      lifetime: lifetimes.refreshToken,
    });
    await repository.insertRefreshToken({
      jti: refresh.claims.jti,
      user_id: user.id,
      family,
      session_id: sessionId,
      expires: refresh.expires,
    });
    const access = await issueToken(secret, {
      type: 'access',
      userUuid: user.uuid,
      family,
      lifetime: lifetimes.accessToken,
    });
    return { access: access.token, refresh: refresh.token };
  };

  const sendResetEmail = async (user: UserRow, origin: string): Promise<void> => {
    const token = randomBytes(32).toString('base64url');
    await repository.insertResetToken({
      token_hash: hashSecret(token),
      user_id: user.id,
      expires: new Date(Date.now() + lifetimes.resetToken * 1000),
    });
    const link = `${origin}${RESET_PATH}/${user.uuid}/${token}`;
    await mailer.send({
      to: user.email,
      ...resetEmail({ name: user.name, link, lifetimeSeconds: lifetimes.resetToken }),
    });
  };

  return {
    users,
    sessions,

    /**
     * POST /auth/users/: a new, active, non-staff user. An address that has an account gets
     * the same answer (with a uuid of no one) and the same work, and its owner an email
     * saying so: the answer tells nobody whether the address was free. `origin`: of the
     * links in that email, null for none.
     */
    async register(input: NewAccount, origin: string | null): Promise<RegisteredUser> {
      const { user, taken } = await users.register({ ...input, isStaff: false });
      const answer = { email: normalizeEmail(input.email), name: (input.name ?? '').trim() };
      if (!taken) return { uuid: user.uuid, ...answer };
      if (user.is_active) {
        background('registration notice email', async () => {
          await mailer.send({
            to: user.email,
            ...registrationNoticeEmail({ name: user.name, origin }),
          });
        });
      }
      return { uuid: randomUUID(), ...answer };
    },

    /**
     * POST /auth/jwt/create/: checks the credentials (an unknown email takes as long as a
     * wrong password), signs the browser session in and answers a token pair. `order`: the
     * client's recent failures (the sign-in limits'), so that its verification waits behind
     * those of clients that fail less.
     */
    async signIn(
      input: Credentials,
      session: Session | null,
      order: VerifyOrder = {},
    ): Promise<{ tokens: TokenPair; cookieValue: string }> {
      requireFilled({ email: input.email, password: input.password });
      const user = await repository.findUserByEmail(normalizeEmail(input.email));
      if (!user) {
        await hasher.verifyDummy(input.password, order);
        throw badCredentials();
      }
      const valid = await hasher.verify(user.password_hash, input.password, order);
      if (!valid || !user.is_active) throw badCredentials();
      await repository.updateUser(user.id, {
        last_login: new Date(),
        ...(hasher.needsRehash(user.password_hash)
          ? { password_hash: await hasher.hash(input.password) }
          : {}),
      });
      const signedIn = await sessions.signIn(session, user.id);
      const tokens = await issuePair(user, randomUUID(), signedIn.id);
      return { tokens, cookieValue: signedIn.value };
    },

    /**
     * POST /auth/jwt/refresh/: rotation. The presented token is revoked and a new pair of
     * the same family issued; a token presented again revokes its whole family.
     */
    async refresh(token: string): Promise<TokenPair> {
      const verified = await verifyToken(secret, token, 'refresh');
      if (!verified.ok) throw refreshInvalid();
      const { jti } = verified.claims;
      const consumed = await repository.consumeRefreshToken(jti);
      if (!consumed) {
        const row = await repository.findRefreshToken(jti);
        if (!row) throw refreshInvalid();
        await repository.revokeFamily(row.family);
        log.warn(
          { userId: row.user_id, family: row.family },
          'a revoked refresh token was presented again: its family is revoked',
        );
        throw refreshBlacklisted();
      }
      const user = await repository.findUserById(consumed.user_id);
      if (!user || !user.is_active) {
        await repository.revokeFamily(consumed.family);
        throw badCredentials();
      }
      return issuePair(user, consumed.family, consumed.session_id);
    },

    /** GET /auth/jwt/get/: a token pair for a signed-in browser session. */
    async tokensForSession(session: Session | null): Promise<TokenPair> {
      if (!session?.user?.isActive) throw notAuthenticated();
      return issuePair(session.user, randomUUID(), session.id);
    },

    /** The user an access token names, if it is valid, its family live and the user active. */
    async checkAccessToken(token: string): Promise<AccessCheck> {
      const verified = await verifyToken(secret, token, 'access');
      if (!verified.ok) return { status: 'invalid' };
      const { user_id, family } = verified.claims;
      const row = await repository.findTokenUser(user_id, family);
      if (!row || !row.live) return { status: 'invalid' };
      if (!row.is_active) return { status: 'inactive' };
      return { status: 'ok', user: { id: row.id, uuid: row.uuid, isStaff: row.is_staff }, family };
    },

    /** GET /auth/users/me/. */
    async me(userId: number): Promise<User> {
      const user = await repository.findUserById(userId);
      if (!user) throw notAuthenticated();
      return { uuid: user.uuid, name: user.name, email: user.email, is_staff: user.is_staff };
    },

    /**
     * POST /auth/users/reset_password/: for an active user, a single-use link is emailed
     * in the background; the answer is the same, and as fast, for an unknown address.
     */
    async requestPasswordReset(rawEmail: string, origin: string): Promise<void> {
      const email = normalizeEmail(rawEmail);
      const problem = emailProblem(email);
      if (problem) throw new ApiError(400, { email: [problem] });
      const user = await repository.findUserByEmail(email);
      if (user?.is_active) background('password reset email', () => sendResetEmail(user, origin));
    },

    /**
     * POST /auth/users/reset_password_confirm/: djoser's order of checks (uid, token, new
     * password). Success uses the token, sets the password, revokes every refresh token
     * of the user and ends their browser sessions.
     */
    async confirmPasswordReset(input: ResetPasswordConfirm): Promise<void> {
      const user = isUuid(input.uid) ? await repository.findUserByUuid(input.uid) : undefined;
      if (!user) throw new ApiError(400, { uid: [AUTH_MESSAGES.invalidUid] });
      const tokenHash = hashSecret(input.token);
      const invalidToken = () => new ApiError(400, { token: [AUTH_MESSAGES.invalidResetToken] });
      if (input.token === '' || !(await repository.findUsableResetToken(tokenHash, user.id))) {
        throw invalidToken();
      }
      const problems = passwordProblems(input.new_password);
      if (problems.length > 0) throw new ApiError(400, { new_password: problems });
      const passwordHash = await hasher.hash(input.new_password);
      if (!(await repository.resetPassword(tokenHash, user.id, passwordHash))) throw invalidToken();
      log.info({ userId: user.id }, 'password reset: refresh tokens revoked, sessions ended');
    },

    /**
     * GET /accounts/signout-no-redirect/: ends the browser session (and the refresh tokens
     * issued to it) and revokes the family of the presented access token, even an expired one.
     */
    async signOut(session: Session | null, accessToken: string | null): Promise<void> {
      if (session) await sessions.end(session.id);
      if (accessToken) {
        const verified = await verifyToken(secret, accessToken, 'access', { ignoreExpiry: true });
        if (verified.ok) await repository.revokeFamily(verified.claims.family);
      }
    },

    /** Deletes expired sessions and tokens (run hourly). */
    cleanup: () => repository.deleteExpired(),

    /** Resolves once the background work (reset emails) has finished. */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

export type Accounts = ReturnType<typeof createAccounts>;
