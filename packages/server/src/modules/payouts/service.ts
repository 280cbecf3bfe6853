import { randomUUID } from 'node:crypto';
import {
  ARTIST_PAYMENT_STATUSES,
  ARTIST_PAYMENT_TRANSITIONS,
  DEFAULT_PAYOUT_PROVIDER,
  HOLD_REASONS,
  MINIMUM_PAYOUT_CENTS,
  PAID_ORDER_STATUSES,
  PAYOUT_MESSAGES,
  RELEASING_PAYMENT_STATUSES,
  type ArtistPayment,
  type ArtistPaymentStatusName,
  type HeldBack,
  type HoldReason,
  type PaymentAccountType,
  type PaymentDue,
  type PaymentDueDetail,
  type PaymentStatusBody,
  type PayoutAccount,
  type PayoutLine,
  type PayoutPreview,
  type PayoutProviderName,
  type PayoutRun,
  type PayoutRunResult,
  type StatusTransition,
} from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { escapeLike, type OrderKey } from '../../lib/list-query';
import { PROVIDERS, type ProviderPayment } from './provider';
import {
  createPayoutRepository,
  dueLines,
  money,
  orderBy,
  type AccountRow,
  type Db,
  type PayeeRow,
} from './repository';

const SAME_STATUS = 'The status is already this one.';
/** Every payout run and re-issue holds this lock: two at once queue instead of racing. */
const PAYOUT_LOCK_KEY = 7_300_601;
const RETRIES = 3;

const newToken = (prefix: string) => `${prefix}-${randomUUID()}`;
const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });
const PAID = sql.join(PAID_ORDER_STATUSES.map((status) => sql.lit(status)));
const RELEASING = sql.join(RELEASING_PAYMENT_STATUSES.map((status) => sql.lit(status)));
/** Payments still to send: the ones a bank-transfer file lists. */
const AWAITING_TRANSFER: readonly ArtistPaymentStatusName[] = ARTIST_PAYMENT_STATUSES.filter(
  (status) =>
    status !== 'COMPLETED' &&
    status !== 'UNCLAIMED' &&
    !RELEASING_PAYMENT_STATUSES.includes(status),
);

const iso = (value: Date | string): string => new Date(value).toISOString();

/** SPEC §3: the display key of an account (bank numbers masked to their last four). */
function displayKey(account: {
  type: string;
  country: string | null;
  routing_number: string | null;
  number_last4: string | null;
  email: string | null;
  account_id: string | null;
  token: string;
}): string {
  if (account.type === 'paypal-accounts') return account.email ?? account.token;
  if (account.type === 'venmo-accounts') return `@${account.account_id ?? ''}`;
  if (account.country === 'IBAN') {
    return `${account.routing_number ?? ''}•••• ${account.number_last4 ?? ''}`;
  }
  return `•••• ${account.number_last4 ?? ''}`;
}

const payoutAccountOf = (account: AccountRow): PayoutAccount => ({
  token: account.token,
  type: account.type as PaymentAccountType,
  status: account.status as PayoutAccount['status'],
  display: displayKey(account),
});

const payeeName = (row: {
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
}) =>
  row.business_name?.trim()
    ? row.business_name
    : [row.first_name, row.last_name].filter(Boolean).join(' ');

/** Why a run holds this artist back, or null when it pays them. */
function holdReason(row: PayeeRow, checkMinimum = true): HoldReason | null {
  if (row.identity_id === null) return 'no_payee';
  if (row.identity_status !== 'ACTIVATED') return 'identity_not_activated';
  if (!row.has_tax_form) return 'missing_tax_data';
  const status = row.account?.status ?? row.latest_account_status;
  if (status === 'INVALID') return 'account_invalid';
  if (status === 'DE_ACTIVATED') return 'account_deactivated';
  if (!row.account) return 'no_default_account';
  if (checkMinimum && money(row.amount) < MINIMUM_PAYOUT_CENTS) return 'below_minimum';
  return null;
}

interface PaymentRow {
  id: number;
  token: string;
  status: ArtistPaymentStatusName;
  amount: number;
  artist_id: number;
  artist_name: string;
  royalty_code: string;
  run_token: string;
  provider: string;
  first_name: string | null;
  last_name: string | null;
  business_name: string | null;
  account: AccountRow | null;
  line_count: number;
  reissue_of_token: string | null;
  reissued_by_token: string | null;
  reissuable: boolean;
  notes: string;
  created_on: Date;
  modified: Date;
  completed_on: Date | null;
  total: number;
}

const paymentOf = (row: PaymentRow): ArtistPayment => {
  const account =
    typeof row.account === 'string' ? (JSON.parse(row.account) as AccountRow) : row.account;
  return {
    token: row.token,
    status: row.status,
    amount: row.amount,
    currency: 'USD',
    artist: { id: row.artist_id, name: row.artist_name, royalty_code: row.royalty_code },
    payee: payeeName(row),
    account: account ? payoutAccountOf(account) : null,
    run: row.run_token,
    provider: row.provider,
    lines: row.line_count,
    reissue_of: row.reissue_of_token,
    reissued_by: row.reissued_by_token,
    reissuable: row.reissuable,
    notes: row.notes,
    created_on: iso(row.created_on),
    modified: iso(row.modified),
    completed_on: row.completed_on ? iso(row.completed_on) : null,
  };
};

export const ARTIST_PAYMENT_ORDERINGS = ['created_on', 'amount', 'status', 'artist', 'modified'];
const PAYMENT_COLUMNS: Record<string, string> = {
  created_on: 'p.created_on',
  amount: 'p.amount',
  status: 'p.status',
  artist: 'a.name',
  modified: 'p.modified',
};

export interface PaymentFilter {
  token?: string;
  search?: string | undefined;
  status?: string | undefined;
  run?: string | undefined;
  artist?: number | undefined;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

class RunChanged extends Error {}

export function createPayoutService(db: Kysely<DB>, cipher: FieldCipher) {
  const repository = createPayoutRepository(db);

  async function preview(trx: Db = db, provider: PayoutProviderName = DEFAULT_PAYOUT_PROVIDER) {
    const rows = await repository.payees(trx);
    const payments: (PayoutPreview['payments'][number] & { row: PayeeRow })[] = [];
    const held: HeldBack[] = [];
    for (const row of rows) {
      const artist = { id: row.artist_id, name: row.name, royalty_code: row.royalty_code };
      const amount = money(row.amount);
      const reason = holdReason(row);
      if (reason === null && row.account) {
        payments.push({
          artist,
          payee: payeeName(row),
          account: payoutAccountOf(row.account),
          amount,
          lines: row.lines,
          row,
        });
      } else if (reason !== null) {
        held.push({ artist, amount, lines: row.lines, reason, reason_text: HOLD_REASONS[reason] });
      }
    }
    return {
      provider,
      minimum: MINIMUM_PAYOUT_CENTS,
      total: payments.reduce((sum, p) => sum + p.amount, 0),
      held_total: held.reduce((sum, h) => sum + h.amount, 0),
      payments,
      held,
    };
  }

  async function record(
    trx: Db,
    paymentIds: { runId: number } | { paymentId: number },
    from: string | null,
    to: string,
    actorId: number | null,
    notes: string,
  ) {
    const where =
      'runId' in paymentIds
        ? sql`p.run_id = ${paymentIds.runId}`
        : sql`p.id = ${paymentIds.paymentId}`;
    await sql`
      INSERT INTO status_transitions (token, artist_payment_id, from_status, to_status, notes, actor_id)
      SELECT 'sts-' || gen_random_uuid(), p.id, ${from}, ${to}, ${notes}, ${actorId}
      FROM artist_payments p WHERE ${where}
      ORDER BY p.id`.execute(trx);
  }

  /**
   * Creates a run of payments inside `trx`: one payment per planned artist, each paying the
   * given lines (all of the artist's due lines unless `lines` names them).
   */
  async function createRun(
    trx: Db,
    actorId: number | null,
    providerName: PayoutProviderName,
    planned: { artist_id: number; identity_id: number; account_id: number; reissue_of?: number }[],
    lines?: number[],
  ): Promise<number> {
    const provider = PROVIDERS[providerName];
    const run = await trx
      .insertInto('payout_runs')
      .values({ token: newToken('run'), provider: provider.name, created_by: actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const records = planned.map((p) => ({ ...p, token: newToken('pay') }));
    // The amount is the sum of the lines inserted next (checked below, in the same transaction).
    await sql`
      INSERT INTO artist_payments
        (token, run_id, artist_id, identity_id, payment_account_id, amount, reissue_of)
      SELECT x.token, ${run.id}, x.artist_id, x.identity_id, x.account_id, 1, x.reissue_of
      FROM json_to_recordset(${JSON.stringify(records)}::json)
        AS x(token text, artist_id integer, identity_id integer, account_id integer,
             reissue_of integer)`.execute(trx);
    const only = lines ? sql`AND d.id IN (${sql.join(lines)})` : sql``;
    await sql`
      INSERT INTO artist_payment_lines (payment_id, order_line_id, amount)
      SELECT p.id, d.id, d.royalty
      FROM artist_payments p JOIN (${dueLines()}) d ON d.artist_id = p.artist_id
      WHERE p.run_id = ${run.id} ${only}`.execute(trx);
    const sums = await sql<{ id: number; paid: string | number | null }>`
      SELECT p.id, sum(l.amount)::bigint AS paid
      FROM artist_payments p LEFT JOIN artist_payment_lines l ON l.payment_id = p.id
      WHERE p.run_id = ${run.id}
      GROUP BY p.id`.execute(trx);
    if (sums.rows.some((row) => money(row.paid) <= 0)) throw new RunChanged();
    await sql`
      UPDATE artist_payments p SET amount = s.paid
      FROM (SELECT payment_id, sum(amount)::integer AS paid FROM artist_payment_lines
            WHERE payment_id IN (SELECT id FROM artist_payments WHERE run_id = ${run.id})
            GROUP BY payment_id) s
      WHERE p.id = s.payment_id`.execute(trx);
    await record(trx, { runId: run.id }, null, 'CREATED', actorId, '');
    await trx
      .updateTable('artist_payments')
      .set({ status: provider.submitted.status, modified: new Date() })
      .where('run_id', '=', run.id)
      .execute();
    await record(
      trx,
      { runId: run.id },
      'CREATED',
      provider.submitted.status,
      actorId,
      provider.submitted.notes,
    );
    await sql`
      UPDATE payout_runs SET
        payment_count = (SELECT count(*) FROM artist_payments WHERE run_id = ${run.id}),
        total = (SELECT coalesce(sum(amount), 0) FROM artist_payments WHERE run_id = ${run.id})
      WHERE id = ${run.id}`.execute(trx);
    return run.id;
  }

  /** Runs `work` in a transaction under the payout lock, again if a race broke it. */
  async function locked<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await db.transaction().execute(async (trx) => {
          await sql`SELECT pg_advisory_xact_lock(${sql.lit(PAYOUT_LOCK_KEY)})`.execute(trx);
          return work(trx);
        });
      } catch (error) {
        const retry = error instanceof RunChanged || isUniqueViolation(error);
        if (!retry || attempt >= RETRIES) throw error;
      }
    }
  }

  async function payments(
    filter: PaymentFilter,
    window: { limit: number; offset: number },
    ordering: readonly OrderKey[] = [{ column: 'created_on', descending: true }],
  ) {
    const conditions = [sql`true`];
    if (filter.token !== undefined) conditions.push(sql`p.token = ${filter.token}`);
    if (filter.status !== undefined) conditions.push(sql`p.status = ${filter.status}`);
    if (filter.run !== undefined) conditions.push(sql`r.token = ${filter.run}`);
    if (filter.artist !== undefined) conditions.push(sql`p.artist_id = ${filter.artist}`);
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      conditions.push(
        sql`(a.name ILIKE ${pattern} OR a.royalty_code ILIKE ${pattern} OR p.token ILIKE ${pattern})`,
      );
    }
    const where = sql.join(conditions, sql` AND `);
    const found = await sql<PaymentRow>`
      SELECT p.id, p.token, p.status, p.amount, p.artist_id, a.name AS artist_name, a.royalty_code,
             r.token AS run_token, r.provider, ai.first_name, ai.last_name, ai.business_name,
             (SELECT to_jsonb(x) FROM (
                SELECT pa.id, pa.token, pa.type, pa.status, pa.is_default, pa.account_holder,
                       pa.country, pa.routing_number, pa.number_last4, pa.email, pa.account_id
                FROM payment_accounts pa WHERE pa.id = p.payment_account_id) x) AS account,
             (SELECT count(*)::integer FROM artist_payment_lines l WHERE l.payment_id = p.id)
               AS line_count,
             orig.token AS reissue_of_token,
             (SELECT n.token FROM artist_payments n WHERE n.reissue_of = p.id
               ORDER BY n.id DESC LIMIT 1) AS reissued_by_token,
             (p.status IN (${RELEASING}) AND EXISTS (
                SELECT 1 FROM artist_payment_lines l
                JOIN order_lines ol ON ol.id = l.order_line_id
                JOIN orders o ON o.id = ol.order_id
                WHERE l.payment_id = p.id AND o.status IN (${PAID})
                  AND NOT EXISTS (SELECT 1 FROM artist_payment_lines x
                                  WHERE x.order_line_id = l.order_line_id AND x.live)
             )) AS reissuable,
             p.notes, p.created_on, p.modified, p.completed_on,
             count(*) OVER ()::integer AS total
      FROM artist_payments p
      JOIN artists a ON a.id = p.artist_id
      JOIN payout_runs r ON r.id = p.run_id
      LEFT JOIN artist_identities ai ON ai.id = p.identity_id
      LEFT JOIN artist_payments orig ON orig.id = p.reissue_of
      WHERE ${where}
      ORDER BY ${orderBy(ordering, PAYMENT_COLUMNS, 'p.id')}
      LIMIT ${window.limit} OFFSET ${window.offset}`.execute(db);
    let count = found.rows[0]?.total;
    if (count === undefined) {
      const counted = await sql<{ total: number }>`
        SELECT count(*)::integer AS total FROM artist_payments p
        JOIN artists a ON a.id = p.artist_id JOIN payout_runs r ON r.id = p.run_id
        WHERE ${where}`.execute(db);
      count = counted.rows[0]?.total ?? 0;
    }
    return { count: Number(count), results: found.rows.map(paymentOf), rows: found.rows };
  }

  async function paymentRow(token: string) {
    const found = await db
      .selectFrom('artist_payments')
      .selectAll()
      .where('token', '=', token)
      .executeTakeFirst();
    if (!found) throw notFound();
    return found;
  }

  async function payment(token: string): Promise<ArtistPayment> {
    const found = (await payments({ token }, { limit: 1, offset: 0 })).results[0];
    if (!found) throw notFound();
    return found;
  }

  async function run(runToken: string): Promise<PayoutRun> {
    const row = await db
      .selectFrom('payout_runs')
      .leftJoin('users', 'users.id', 'payout_runs.created_by')
      .select([
        'payout_runs.id',
        'payout_runs.token',
        'payout_runs.provider',
        'payout_runs.created_on',
        'payout_runs.payment_count',
        'payout_runs.total',
        'users.email',
      ])
      .where('payout_runs.token', '=', runToken)
      .executeTakeFirst();
    if (!row) throw notFound();
    const all = await payments({ run: runToken }, { limit: 100_000, offset: 0 }, [
      { column: 'artist', descending: false },
    ]);
    return {
      token: row.token,
      provider: row.provider,
      created_on: iso(row.created_on),
      created_by: row.email,
      payment_count: row.payment_count,
      total: row.total,
      payments: all.results,
      bank_file: row.provider === 'manual' ? `/api/payout-run/${row.token}/bank-file/` : null,
    };
  }

  const transitionOf = (row: {
    token: string;
    from_status: string | null;
    to_status: string;
    notes: string;
    created_on: Date;
  }): StatusTransition => ({
    token: row.token,
    fromStatus: row.from_status,
    transitionTo: row.to_status,
    notes: row.notes,
    createdOn: iso(row.created_on),
  });

  async function transitions(paymentId: number): Promise<StatusTransition[]> {
    const rows = await db
      .selectFrom('status_transitions')
      .select(['token', 'from_status', 'to_status', 'notes', 'created_on'])
      .where('artist_payment_id', '=', paymentId)
      .orderBy('id')
      .execute();
    return rows.map(transitionOf);
  }

  return {
    repository,

    async paymentsDue(
      filter: { search?: string | undefined },
      window: { limit: number; offset: number },
      ordering: readonly OrderKey[],
    ): Promise<{ count: number; results: PaymentDue[] }> {
      const page = await repository.paymentsDue(filter, window, ordering);
      return {
        count: page.count,
        results: page.rows.map((row) => ({
          id: row.id,
          artist: row.artist,
          royalty_code: row.royalty_code,
          amount: money(row.amount),
          lines: row.lines,
          oldest: iso(row.oldest),
        })),
      };
    },

    async paymentDue(
      artistId: number,
      window: { limit: number; offset: number },
    ): Promise<
      Omit<PaymentDueDetail, 'lines_page'> & { linesPage: { count: number; results: PayoutLine[] } }
    > {
      const artist = await repository.artist(artistId);
      if (!artist) throw notFound();
      const [due, page] = await Promise.all([
        repository.dueOf(artistId),
        repository.lines({ dueTo: artistId }, window),
      ]);
      return {
        id: artist.id,
        artist: artist.name,
        royalty_code: artist.royalty_code,
        amount: due.amount,
        lines: due.lines,
        oldest: due.oldest ? iso(due.oldest) : '',
        linesPage: { count: page.count, results: page.rows.map(lineOf) },
      };
    },

    async preview(provider?: PayoutProviderName): Promise<PayoutPreview> {
      const plan = await preview(db, provider);
      return { ...plan, payments: plan.payments.map(({ row: _row, ...rest }) => rest) };
    },

    /** Executes a payout run: a constraint, and the lock, keep any line from being paid twice. */
    async execute(actorId: number, provider?: PayoutProviderName): Promise<PayoutRunResult> {
      const { runToken, held } = await locked(async (trx) => {
        const plan = await preview(trx, provider);
        if (plan.payments.length === 0) throw nonField(PAYOUT_MESSAGES.nothingToPay);
        const runId = await createRun(
          trx,
          actorId,
          plan.provider,
          plan.payments.map((p) => ({
            artist_id: p.artist.id,
            identity_id: p.row.identity_id ?? 0,
            account_id: p.row.account?.id ?? 0,
          })),
        );
        const made = await trx
          .selectFrom('payout_runs')
          .select('token')
          .where('id', '=', runId)
          .executeTakeFirstOrThrow();
        return { runToken: made.token, held: plan.held };
      });
      return { ...(await run(runToken)), held };
    },

    /** Pays a released payment's lines again (once its payee can be paid). */
    async reissue(actorId: number, token: string): Promise<ArtistPayment> {
      const old = await paymentRow(token);
      if (!RELEASING_PAYMENT_STATUSES.includes(old.status)) {
        throw nonField(PAYOUT_MESSAGES.notReissuable);
      }
      const newToken = await locked(async (trx) => {
        const due = await sql<{ id: number }>`
          SELECT d.id FROM (${dueLines(old.artist_id)}) d
          WHERE d.id IN (SELECT order_line_id FROM artist_payment_lines WHERE payment_id = ${old.id})`.execute(
          trx,
        );
        if (due.rows.length === 0) throw nonField(PAYOUT_MESSAGES.alreadyReissued);
        const payee = (await repository.payees(trx, old.artist_id))[0];
        if (!payee) throw nonField(PAYOUT_MESSAGES.alreadyReissued);
        const reason = holdReason(payee, false);
        if (reason !== null || !payee.account) {
          throw nonField(HOLD_REASONS[reason ?? 'no_default_account']);
        }
        const runId = await createRun(
          trx,
          actorId,
          DEFAULT_PAYOUT_PROVIDER,
          [
            {
              artist_id: old.artist_id,
              identity_id: payee.identity_id ?? 0,
              account_id: payee.account.id,
              reissue_of: old.id,
            },
          ],
          due.rows.map((row) => row.id),
        );
        const made = await trx
          .selectFrom('artist_payments')
          .select('token')
          .where('run_id', '=', runId)
          .executeTakeFirstOrThrow();
        return made.token;
      });
      return payment(newToken);
    },

    payments,
    payment,
    paymentRow,
    run,

    async runs(window: { limit: number; offset: number }) {
      const [{ n }, rows] = await Promise.all([
        db
          .selectFrom('payout_runs')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('payout_runs')
          .leftJoin('users', 'users.id', 'payout_runs.created_by')
          .select([
            'payout_runs.token',
            'payout_runs.provider',
            'payout_runs.created_on',
            'payout_runs.payment_count',
            'payout_runs.total',
            'users.email',
          ])
          .orderBy('payout_runs.id', 'desc')
          .limit(window.limit)
          .offset(window.offset)
          .execute(),
      ]);
      return {
        count: Number(n),
        results: rows.map((row) => ({
          token: row.token,
          provider: row.provider,
          created_on: iso(row.created_on),
          created_by: row.email,
          payment_count: row.payment_count,
          total: row.total,
          bank_file: row.provider === 'manual' ? `/api/payout-run/${row.token}/bank-file/` : null,
        })),
      };
    },

    async paymentLines(token: string, window: { limit: number; offset: number }) {
      const row = await paymentRow(token);
      const page = await repository.lines({ paymentId: row.id }, window);
      return { count: page.count, results: page.rows.map(lineOf) };
    },

    transitions,

    async transition(paymentId: number, stsToken: string) {
      const found = (await transitions(paymentId)).find((t) => t.token === stsToken);
      if (!found) throw notFound();
      return found;
    },

    /** Staff record what the bank or provider reports; a release puts the lines back as due. */
    async changeStatus(
      actorId: number,
      token: string,
      body: PaymentStatusBody,
    ): Promise<StatusTransition> {
      const to = body.transitionTo as ArtistPaymentStatusName;
      if (!(ARTIST_PAYMENT_STATUSES as readonly string[]).includes(to)) {
        throw fieldError('transitionTo', `"${body.transitionTo}" is not a valid choice.`);
      }
      const id = await db.transaction().execute(async (trx) => {
        const current = await trx
          .selectFrom('artist_payments')
          .select(['id', 'status'])
          .where('token', '=', token)
          .forUpdate()
          .executeTakeFirst();
        if (!current) throw notFound();
        if (current.status === to) throw fieldError('transitionTo', SAME_STATUS);
        if (!ARTIST_PAYMENT_TRANSITIONS[current.status].includes(to)) {
          throw fieldError('transitionTo', PAYOUT_MESSAGES.transition);
        }
        await trx
          .updateTable('artist_payments')
          .set({
            status: to,
            modified: new Date(),
            completed_on: to === 'COMPLETED' ? new Date() : null,
          })
          .where('id', '=', current.id)
          .execute();
        if (RELEASING_PAYMENT_STATUSES.includes(to)) {
          await trx
            .updateTable('artist_payment_lines')
            .set({ live: false })
            .where('payment_id', '=', current.id)
            .execute();
        }
        await record(trx, { paymentId: current.id }, current.status, to, actorId, body.notes ?? '');
        return current.id;
      });
      const last = (await transitions(id)).at(-1);
      if (!last) throw notFound();
      return last;
    },

    /**
     * The manual provider's CSV for a run: the payments still to send, each account number
     * decrypted. Every account read is recorded (who, when, which run).
     */
    async bankFile(reader: { userId: number }, runToken: string) {
      const runRow = await db
        .selectFrom('payout_runs')
        .select(['id', 'token', 'provider'])
        .where('token', '=', runToken)
        .executeTakeFirst();
      if (!runRow) throw notFound();
      const provider = PROVIDERS[runRow.provider as PayoutProviderName];
      if (!provider) throw notFound();
      const rows = await db
        .selectFrom('artist_payments as p')
        .innerJoin('artists as a', 'a.id', 'p.artist_id')
        .leftJoin('artist_identities as ai', 'ai.id', 'p.identity_id')
        .leftJoin('payment_accounts as pa', 'pa.id', 'p.payment_account_id')
        .select([
          'p.token',
          'p.amount',
          'a.name',
          'a.royalty_code',
          'ai.first_name',
          'ai.last_name',
          'ai.business_name',
          'ai.email as payee_email',
          'pa.id as account_pk',
          'pa.type',
          'pa.account_holder',
          'pa.country',
          'pa.routing_number',
          'pa.number_encrypted',
          'pa.email',
          'pa.account_id',
        ])
        .where('p.run_id', '=', runRow.id)
        .where('p.status', 'in', AWAITING_TRANSFER)
        .orderBy('a.name')
        .orderBy('p.id')
        .execute();
      const user = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', reader.userId)
        .executeTakeFirstOrThrow();
      const read = [
        ...new Set(rows.filter((r) => r.number_encrypted && r.account_pk).map((r) => r.account_pk)),
      ] as number[];
      if (read.length > 0) {
        await db
          .insertInto('account_number_reads')
          .values(
            read.map((accountId) => ({
              payment_account_id: accountId,
              run_id: runRow.id,
              reader_id: reader.userId,
              reader_email: user.email,
            })),
          )
          .execute();
      }
      const lines: ProviderPayment[] = rows.map((r) => ({
        token: r.token,
        artistName: r.name,
        royaltyCode: r.royalty_code,
        payeeName: payeeName(r),
        payeeEmail: r.payee_email ?? '',
        accountType: r.type ?? '',
        accountHolder: r.account_holder ?? '',
        country: r.country ?? '',
        routingNumber: r.country === 'IBAN' ? '' : (r.routing_number ?? ''),
        accountNumber: r.number_encrypted ? cipher.decrypt(r.number_encrypted) : '',
        paypalEmail: r.type === 'paypal-accounts' ? (r.email ?? '') : '',
        venmoAccount: r.type === 'venmo-accounts' ? (r.account_id ?? '') : '',
        amount: r.amount,
        reference: `Atelier royalties ${r.token}`,
      }));
      return { filename: `atelier-payout-${runRow.token}.csv`, csv: provider.bankFile(lines) };
    },

    /** Who read which account numbers, newest first (the staff audit trail). */
    async accountReads(runToken: string) {
      return db
        .selectFrom('account_number_reads as r')
        .innerJoin('payout_runs as run', 'run.id', 'r.run_id')
        .innerJoin('payment_accounts as pa', 'pa.id', 'r.payment_account_id')
        .select(['pa.token as account', 'r.reader_email', 'r.created'])
        .where('run.token', '=', runToken)
        .orderBy('r.id', 'desc')
        .execute();
    },
  };
}

function lineOf(row: {
  id: number;
  order_id: number;
  image_title: string;
  image_local_id: string;
  thumb: string;
  ordered: Date;
  order_status: string;
  quantity: number;
  line_total: number;
  royalty: number;
}): PayoutLine {
  return {
    id: row.id,
    order_id: row.order_id,
    image_title: row.image_title,
    image_local_id: row.image_local_id,
    thumb: row.thumb,
    ordered: iso(row.ordered),
    order_status: row.order_status,
    quantity: row.quantity,
    line_total: row.line_total,
    royalty: row.royalty,
  };
}

export type PayoutService = ReturnType<typeof createPayoutService>;
