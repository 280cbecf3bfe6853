import { randomUUID } from 'node:crypto';
import {
  ACCOUNT_STATUSES,
  IDENTITY_STATUSES,
  normalizeIban,
  type ArtistIdentity,
  type Payee,
  type PayeeBody,
  type PaymentAccount,
  type PaymentAccountBody,
  type PaymentAccountType,
  type StatusTransition,
} from '@atelier/contracts';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type {
  ArtistIdentitiesTable,
  PaymentAccountsTable,
  StatusTransitionsTable,
} from '../../db/schema-artist-portal';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { advanceStage, stageOf } from '../artist-applications';
import { NOT_APPROVED } from '../artist-onboarding/service';

const FINISH_TAX_FIRST = 'Finish your royalty agreement and tax form first.';
const PAYEE_FIRST = 'Give your payee details first.';
const SAME_STATUS = 'The status is already this one.';

type Db = Kysely<DB> | Transaction<DB>;
const token = (prefix: string) => `${prefix}-${randomUUID()}`;
const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });

const identityOf = (row: Selectable<ArtistIdentitiesTable>): ArtistIdentity => ({
  token: row.token,
  businessName: row.business_name,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  status: row.status as ArtistIdentity['status'],
  createdOn: row.created_on.toISOString(),
});

/** SPEC §3: the display key is bankAccountId, email or accountId by type; numbers masked. */
const accountOf = (row: Selectable<PaymentAccountsTable>): PaymentAccount => {
  const base = {
    token: row.token,
    type: row.type as PaymentAccountType,
    default: row.is_default,
    status: row.status as PaymentAccount['status'],
    createdOn: row.created_on.toISOString(),
  };
  if (row.type === 'paypal-accounts') return { ...base, email: row.email ?? '' };
  if (row.type === 'venmo-accounts') return { ...base, accountId: row.account_id ?? '' };
  const isIban = row.country === 'IBAN';
  return {
    ...base,
    bankAccountId: isIban
      ? `${row.routing_number ?? ''}•••• ${row.number_last4 ?? ''}`
      : `•••• ${row.number_last4 ?? ''}`,
    country: row.country ?? '',
    ...(isIban ? {} : { routingNumber: row.routing_number ?? '' }),
    bankName: row.account_holder,
  };
};

const transitionOf = (row: Selectable<StatusTransitionsTable>): StatusTransition => ({
  token: row.token,
  fromStatus: row.from_status,
  transitionTo: row.to_status,
  notes: row.notes,
  createdOn: row.created_on.toISOString(),
});

async function record(
  db: Db,
  target: { identity_id: number } | { payment_account_id: number },
  from: string | null,
  to: string,
  actorId: number | null,
  notes = '',
) {
  await db
    .insertInto('status_transitions')
    .values({
      token: token('sts'),
      ...target,
      from_status: from,
      to_status: to,
      notes,
      actor_id: actorId,
    })
    .execute();
}

export function createIdentityService(db: Kysely<DB>, cipher: FieldCipher) {
  /** The approved artist's profile id; `writing`: only once royalty and tax are done. */
  async function artistProfileId(userId: number, writing = true): Promise<number> {
    const stage = await stageOf(db, userId);
    const profile = await db
      .selectFrom('artist_profiles')
      .select(['id', 'approved'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Like DRF's 404 for a record the user has none of: a route for users never answers 403.
    if (!profile?.approved) throw new ApiError(404, { detail: NOT_APPROVED });
    if (writing && stage !== null && stage !== 'payee' && stage !== 'payment')
      throw nonField(FINISH_TAX_FIRST);
    return profile.id;
  }

  const identityRow = (where: { profileId: number } | { token: string }) =>
    db
      .selectFrom('artist_identities')
      .selectAll()
      .where(
        'profileId' in where ? 'artist_profile_id' : 'token',
        '=',
        'profileId' in where ? where.profileId : where.token,
      )
      .executeTakeFirst();

  const accountsOf = (identityId: number, type?: PaymentAccountType) => {
    let query = db.selectFrom('payment_accounts').selectAll().where('identity_id', '=', identityId);
    if (type) query = query.where('type', '=', type);
    return query.orderBy('id').execute();
  };

  /** The payee is complete with an identity and a default live account: onboarding ends. */
  async function completeIfReady(userId: number, identityId: number, actorId: number) {
    const live = await db
      .selectFrom('payment_accounts')
      .select('id')
      .where('identity_id', '=', identityId)
      .where('is_default', '=', true)
      .where('status', 'in', ['ACTIVATED', 'VERIFIED'])
      .executeTakeFirst();
    if (!live) return;
    const identity = await db
      .updateTable('artist_identities')
      .set({ status: 'ACTIVATED' })
      .where('id', '=', identityId)
      .where('status', '=', 'PRE_ACTIVATED')
      .executeTakeFirst();
    if (Number(identity.numUpdatedRows) > 0) {
      await record(db, { identity_id: identityId }, 'PRE_ACTIVATED', 'ACTIVATED', actorId);
    }
    await advanceStage(db, userId, 'payee', 'payment');
  }

  async function own(userId: number): Promise<Payee> {
    const profileId = await artistProfileId(userId, false);
    const identity = await identityRow({ profileId });
    return {
      identity: identity ? identityOf(identity) : null,
      accounts: identity ? (await accountsOf(identity.id)).map(accountOf) : [],
    };
  }

  async function ownIdentity(userId: number) {
    const identity = await identityRow({ profileId: await artistProfileId(userId) });
    if (!identity) throw nonField(PAYEE_FIRST);
    return identity;
  }

  async function ownAccount(userId: number, accountToken: string) {
    const identity = await ownIdentity(userId);
    const account = await db
      .selectFrom('payment_accounts')
      .selectAll()
      .where('identity_id', '=', identity.id)
      .where('token', '=', accountToken)
      .executeTakeFirst();
    if (!account) throw notFound();
    return { identity, account };
  }

  async function makeDefault(identityId: number, accountId: number) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('payment_accounts')
        .set({ is_default: false })
        .where('identity_id', '=', identityId)
        .where('is_default', '=', true)
        .execute();
      await trx
        .updateTable('payment_accounts')
        .set({ is_default: true })
        .where('id', '=', accountId)
        .execute();
    });
  }

  return {
    own,

    async savePayee(userId: number, body: PayeeBody): Promise<Payee> {
      const profileId = await artistProfileId(userId);
      const values = {
        business_name: body.businessName ?? '',
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
      };
      const existing = await identityRow({ profileId });
      if (existing) {
        await db
          .updateTable('artist_identities')
          .set(values)
          .where('id', '=', existing.id)
          .execute();
      } else {
        await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('artist_identities')
            .values({ token: token('usr'), artist_profile_id: profileId, ...values })
            .returning('id')
            .executeTakeFirstOrThrow();
          await record(trx, { identity_id: row.id }, null, 'PRE_ACTIVATED', userId);
        });
      }
      return own(userId);
    },

    async addAccount(userId: number, body: PaymentAccountBody): Promise<Payee> {
      const identity = await ownIdentity(userId);
      const values = (() => {
        if (body.type === 'paypal-accounts') return { email: body.email };
        if (body.type === 'venmo-accounts') return { account_id: body.accountId.replace(/^@/, '') };
        if (body.country === 'US') {
          return {
            account_holder: body.accountHolder,
            country: 'US',
            routing_number: body.routingNumber,
            number_encrypted: cipher.encrypt(body.accountNumber),
            number_last4: body.accountNumber.slice(-4),
          };
        }
        const iban = normalizeIban(body.iban);
        return {
          account_holder: body.accountHolder,
          country: 'IBAN',
          // The country and check digits identify the bank's country; shown before the mask.
          routing_number: iban.slice(0, 4),
          number_encrypted: cipher.encrypt(iban),
          number_last4: iban.slice(-4),
        };
      })();
      const live = await db
        .selectFrom('payment_accounts')
        .select('id')
        .where('identity_id', '=', identity.id)
        .where('is_default', '=', true)
        .executeTakeFirst();
      const account = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('payment_accounts')
          .values({ token: token('trm'), identity_id: identity.id, type: body.type, ...values })
          .returning('id')
          .executeTakeFirstOrThrow();
        await record(trx, { payment_account_id: row.id }, null, 'ACTIVATED', userId);
        return row;
      });
      if (!live || body.default) await makeDefault(identity.id, account.id);
      await completeIfReady(userId, identity.id, userId);
      return own(userId);
    },

    async setDefault(userId: number, accountToken: string): Promise<Payee> {
      const { identity, account } = await ownAccount(userId, accountToken);
      if (account.status === 'DE_ACTIVATED' || account.status === 'INVALID') {
        throw nonField('This account cannot receive payouts.');
      }
      await makeDefault(identity.id, account.id);
      await completeIfReady(userId, identity.id, userId);
      return own(userId);
    },

    /** The artist removes an account: it is de-activated (its history stays). */
    async removeAccount(userId: number, accountToken: string): Promise<Payee> {
      const { account } = await ownAccount(userId, accountToken);
      if (account.status !== 'DE_ACTIVATED') {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('payment_accounts')
            .set({ status: 'DE_ACTIVATED', is_default: false })
            .where('id', '=', account.id)
            .execute();
          await record(
            trx,
            { payment_account_id: account.id },
            account.status,
            'DE_ACTIVATED',
            userId,
          );
        });
      }
      return own(userId);
    },

    // ------------------------------------------------------------ staff

    async identities(page: { limit: number; offset: number }) {
      const [{ n }, rows] = await Promise.all([
        db
          .selectFrom('artist_identities')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('artist_identities')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { count: Number(n), results: rows.map(identityOf) };
    },

    async identity(identityToken: string) {
      const row = await identityRow({ token: identityToken });
      if (!row) throw notFound();
      return row;
    },

    identityOf,
    accountOf,

    async accounts(identityToken: string, type: PaymentAccountType) {
      const identity = await this.identity(identityToken);
      return (await accountsOf(identity.id, type)).map(accountOf);
    },

    async account(identityToken: string, type: PaymentAccountType, accountToken: string) {
      const identity = await this.identity(identityToken);
      const row = await db
        .selectFrom('payment_accounts')
        .selectAll()
        .where('identity_id', '=', identity.id)
        .where('type', '=', type)
        .where('token', '=', accountToken)
        .executeTakeFirst();
      if (!row) throw notFound();
      return row;
    },

    async transitions(target: { identity_id: number } | { payment_account_id: number }) {
      const query = db.selectFrom('status_transitions').selectAll();
      const rows = await (
        'identity_id' in target
          ? query.where('identity_id', '=', target.identity_id)
          : query.where('payment_account_id', '=', target.payment_account_id)
      )
        .orderBy('id')
        .execute();
      return rows.map(transitionOf);
    },

    async transition(
      target: { identity_id: number } | { payment_account_id: number },
      stsToken: string,
    ) {
      const found = (await this.transitions(target)).find((t) => t.token === stsToken);
      if (!found) throw notFound();
      return found;
    },

    /** Staff move an identity's or an account's status; the change is recorded. */
    async changeStatus(
      actorId: number,
      target:
        | { identity: Selectable<ArtistIdentitiesTable> }
        | { account: Selectable<PaymentAccountsTable> },
      body: { transitionTo: string; notes?: string | undefined },
    ): Promise<StatusTransition> {
      const isIdentity = 'identity' in target;
      const allowed: readonly string[] = isIdentity ? IDENTITY_STATUSES : ACCOUNT_STATUSES;
      if (!allowed.includes(body.transitionTo)) {
        throw fieldError('transitionTo', `"${body.transitionTo}" is not a valid choice.`);
      }
      const current = isIdentity ? target.identity.status : target.account.status;
      if (current === body.transitionTo) throw fieldError('transitionTo', SAME_STATUS);
      const id = isIdentity ? target.identity.id : target.account.id;
      await db.transaction().execute(async (trx) => {
        if (isIdentity) {
          await trx
            .updateTable('artist_identities')
            .set({ status: body.transitionTo })
            .where('id', '=', id)
            .execute();
          await record(
            trx,
            { identity_id: id },
            current,
            body.transitionTo,
            actorId,
            body.notes ?? '',
          );
        } else {
          const dead = body.transitionTo === 'DE_ACTIVATED' || body.transitionTo === 'INVALID';
          // A fixed account becomes the default again when its payee has no other default.
          const hasDefault = await trx
            .selectFrom('payment_accounts')
            .select('id')
            .where('identity_id', '=', target.account.identity_id)
            .where('is_default', '=', true)
            .where('id', '<>', id)
            .executeTakeFirst();
          await trx
            .updateTable('payment_accounts')
            .set({
              status: body.transitionTo,
              ...(dead ? { is_default: false } : hasDefault ? {} : { is_default: true }),
            })
            .where('id', '=', id)
            .execute();
          await record(
            trx,
            { payment_account_id: id },
            current,
            body.transitionTo,
            actorId,
            body.notes ?? '',
          );
        }
      });
      const all = await this.transitions(
        isIdentity ? { identity_id: id } : { payment_account_id: id },
      );
      const last = all.at(-1);
      if (!last) throw notFound();
      return last;
    },
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
