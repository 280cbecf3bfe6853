import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB, UsersTable } from '../../db/schema';

export type UserRow = Selectable<UsersTable>;

export interface SessionRow {
  id: string;
  user_id: number | null;
  expires: Date;
  last_seen: Date;
  user_uuid: string | null;
  user_is_staff: boolean | null;
  user_is_active: boolean | null;
}

export interface NewUser {
  email: string;
  name: string;
  password_hash: string;
  is_staff?: boolean;
}

type Executor = Kysely<DB> | Transaction<DB>;

/** Postgres' unique_violation, from either driver. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** SQL for users, sessions, refresh tokens and reset tokens. */
export function createAuthRepository(db: Kysely<DB>) {
  return {
    db,

    findUserByEmail(email: string, trx: Executor = db): Promise<UserRow | undefined> {
      return trx
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .executeTakeFirst();
    },

    findUserByUuid(uuid: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst();
    },

    findUserById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    insertUser(user: NewUser, trx: Executor = db): Promise<UserRow> {
      return trx.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
    },

    async updateUser(
      id: number,
      changes: Partial<Pick<UserRow, 'name' | 'password_hash' | 'is_staff' | 'is_active'>> & {
        last_login?: Date;
      },
      trx: Executor = db,
    ): Promise<void> {
      await trx.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** The user of an access token, and whether its family still has a live refresh token. */
    findTokenUser(uuid: string, family: string) {
      return db
        .selectFrom('users')
        .select((eb) => [
          'id',
          'uuid',
          'is_staff',
          'is_active',
          eb
            .exists(
              eb
                .selectFrom('refresh_tokens')
                .select(sql.lit(1).as('one'))
                .where('family', '=', family)
                .where('revoked_at', 'is', null),
            )
            .as('live'),
        ])
        .where('uuid', '=', uuid)
        .executeTakeFirst();
    },

    // --- sessions ---------------------------------------------------------------------

    /** A session that has not expired, with its user (if signed in). */
    findSession(id: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .leftJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.expires',
          'sessions.last_seen',
          'users.uuid as user_uuid',
          'users.is_staff as user_is_staff',
          'users.is_active as user_is_active',
        ])
        .where('sessions.id', '=', id)
        .where('sessions.expires', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    async insertSession(session: { id: string; user_id: number | null; expires: Date }) {
      await db.insertInto('sessions').values(session).execute();
    },

    async touchSession(id: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_seen: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Gives a session a new id (its profile and tokens follow) and a user. */
    async cycleSession(
      oldId: string,
      next: { id: string; user_id: number; expires: Date },
    ): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ ...next, last_seen: sql<Date>`now()` })
        .where('id', '=', oldId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Ends a session: revokes the refresh tokens issued to it, then deletes it. */
    async deleteSession(id: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: sql<Date>`now()` })
          .where('session_id', '=', id)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.deleteFrom('sessions').where('id', '=', id).execute();
      });
    },

    // --- refresh tokens ---------------------------------------------------------------

    async insertRefreshToken(row: {
      jti: string;
      user_id: number;
      family: string;
      session_id: string | null;
      expires: Date;
    }): Promise<void> {
      await db.insertInto('refresh_tokens').values(row).execute();
    },

    findRefreshToken(jti: string) {
      return db
        .selectFrom('refresh_tokens')
        .select(['jti', 'user_id', 'family', 'session_id', 'revoked_at'])
        .where('jti', '=', jti)
        .executeTakeFirst();
    },

    /** Revokes a refresh token if it is still live; undefined when it was not (reuse). */
    consumeRefreshToken(jti: string) {
      return db
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('jti', '=', jti)
        .where('revoked_at', 'is', null)
        .returning(['user_id', 'family', 'session_id'])
        .executeTakeFirst();
    },

    async revokeFamily(family: string, trx: Executor = db): Promise<void> {
      await trx
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('family', '=', family)
        .where('revoked_at', 'is', null)
        .execute();
    },

    // --- password reset ---------------------------------------------------------------

    async insertResetToken(row: { token_hash: string; user_id: number; expires: Date }) {
      await db.insertInto('password_reset_tokens').values(row).execute();
    },

    findUsableResetToken(tokenHash: string, userId: number) {
      return db
        .selectFrom('password_reset_tokens')
        .select(['token_hash'])
        .where('token_hash', '=', tokenHash)
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .where('expires', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    /**
     * One transaction: uses the token (false if someone used it first), sets the password,
     * voids the user's other reset tokens, revokes their refresh tokens and ends their
     * browser sessions.
     */
    async resetPassword(tokenHash: string, userId: number, passwordHash: string) {
      return db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: sql<Date>`now()` })
          .where('token_hash', '=', tokenHash)
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .where('expires', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('password_reset_tokens')
          .set({ used_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .updateTable('refresh_tokens')
          .set({ revoked_at: sql<Date>`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
        return true;
      });
    },

    /** Deletes expired sessions (and so their guest profiles) and expired tokens. */
    async deleteExpired(): Promise<{
      sessions: number;
      refreshTokens: number;
      resetTokens: number;
    }> {
      const count = (result: { numDeletedRows: bigint }[]) =>
        result.reduce((sum, r) => sum + Number(r.numDeletedRows), 0);
      const refreshTokens = count(
        await db
          .deleteFrom('refresh_tokens')
          .where('expires', '<', sql<Date>`now()`)
          .execute(),
      );
      const resetTokens = count(
        await db
          .deleteFrom('password_reset_tokens')
          .where('expires', '<', sql<Date>`now()`)
          .execute(),
      );
      const sessions = count(
        await db
          .deleteFrom('sessions')
          .where('expires', '<', sql<Date>`now()`)
          .execute(),
      );
      return { sessions, refreshTokens, resetTokens };
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
