import {
  maskTin,
  reportingThreshold,
  type TaxExport,
  type TaxPayment,
  type TaxReportDetail,
  type TaxReportRow,
  type TinType,
} from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { iso } from '../../lib/entity-rows';
import type { FieldCipher } from '../../lib/field-encryption';
import { escapeLike } from '../../lib/list-query';

/** A payment counts in the calendar year of its completed_on, in UTC. */
const yearBounds = (year: number): [Date, Date] => [
  new Date(Date.UTC(year, 0, 1)),
  new Date(Date.UTC(year + 1, 0, 1)),
];

/** The year a report opens on: last calendar year (UTC). */
export const defaultTaxYear = (now: Date = new Date()): number => now.getUTCFullYear() - 1;

interface TaxAddress {
  line1?: string;
  line2?: string;
  city?: string;
  region?: string;
  postal_code?: string;
  country?: string;
}

interface PayeeRow {
  artist_id: number;
  artist_name: string;
  artist_profile_id: number | null;
  form: string | null;
  legal_name: string | null;
  form_business_name: string | null;
  tin_type: string | null;
  tin_last4: string | null;
  tin_encrypted: string | null;
  address: unknown;
  first_name: string | null;
  last_name: string | null;
  identity_business_name: string | null;
  total_paid: string | number;
  payment_count: string | number;
}

export interface TaxSettings {
  thresholds: Readonly<Record<number, number>>;
  payer: { name: string; tin: string; address: string };
}

function maskedTinOf(row: {
  form: string | null;
  tin_type: string | null;
  tin_last4: string | null;
}): string | null {
  if (!row.tin_last4) return null;
  if (row.form === 'W-8BEN' || row.tin_type === 'FOREIGN') return `****${row.tin_last4}`;
  return maskTin(row.tin_type as TinType, row.tin_last4);
}

export function createTaxReportingService(
  db: Kysely<DB>,
  cipher: FieldCipher,
  settings: TaxSettings,
) {
  const thresholdOf = (year: number) => reportingThreshold(year, settings.thresholds);

  /** Every artist paid in `year` (or the one of `artistId`, paid or not), with the form on file. */
  function payees(year: number, filter: { artistId?: number; search?: string } = {}) {
    const [start, end] = yearBounds(year);
    let query = db
      .selectFrom('artists as a')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('artist_payments')
            .select([
              'artist_id',
              sql<string>`sum(amount)`.as('total_paid'),
              sql<string>`count(*)`.as('payment_count'),
            ])
            .where('status', '=', 'COMPLETED')
            .where('completed_on', '>=', start)
            .where('completed_on', '<', end)
            .groupBy('artist_id')
            .as('paid'),
        (join) => join.onRef('paid.artist_id', '=', 'a.id'),
      )
      .leftJoin('artist_profiles as p', 'p.artist_id', 'a.id')
      .leftJoin('artist_tax_forms as f', 'f.artist_profile_id', 'p.id')
      .leftJoin('artist_identities as i', 'i.artist_profile_id', 'p.id')
      .select([
        'a.id as artist_id',
        'a.name as artist_name',
        'p.id as artist_profile_id',
        'f.form',
        'f.legal_name',
        'f.business_name as form_business_name',
        'f.tin_type',
        'f.tin_last4',
        'f.tin_encrypted',
        'f.address',
        'i.first_name',
        'i.last_name',
        'i.business_name as identity_business_name',
        sql<string>`coalesce(paid.total_paid, 0)`.as('total_paid'),
        sql<string>`coalesce(paid.payment_count, 0)`.as('payment_count'),
      ]);
    if (filter.artistId !== undefined) query = query.where('a.id', '=', filter.artistId);
    else query = query.where('paid.artist_id', 'is not', null);
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      query = query.where((eb) =>
        eb.or([
          eb('a.name', 'ilike', pattern),
          eb('f.legal_name', 'ilike', pattern),
          eb('f.business_name', 'ilike', pattern),
        ]),
      );
    }
    return query.orderBy(sql`coalesce(paid.total_paid, 0)`, 'desc').orderBy('a.id');
  }

  const rowOf = (row: PayeeRow, threshold: number): TaxReportRow => {
    const total = Number(row.total_paid);
    const identityName = [row.first_name, row.last_name].filter(Boolean).join(' ');
    const over = total >= threshold;
    const form = row.form === 'W-9' || row.form === 'W-8BEN' ? row.form : null;
    return {
      artist_id: row.artist_id,
      artist_name: row.artist_name,
      artist_profile_id: row.artist_profile_id,
      payee_name: row.legal_name || identityName || row.artist_name,
      business_name: row.form_business_name || row.identity_business_name || '',
      total_paid: total,
      payment_count: Number(row.payment_count),
      over_threshold: over,
      form,
      tin_type: row.tin_type,
      tin_masked: maskedTinOf(row),
      form_1099_due: form === 'W-9' && over,
    };
  };

  async function exportsOf(year: number): Promise<TaxExport[]> {
    const rows = await db
      .selectFrom('tax_exports')
      .select(['id', 'year', 'kind', 'row_count', 'created_by_email', 'created'])
      .where('year', '=', year)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      year: row.year,
      kind: row.kind,
      row_count: row.row_count,
      created_by: row.created_by_email,
      created: iso(row.created),
    }));
  }

  async function staffEmail(userId: number): Promise<string> {
    const user = await db
      .selectFrom('users')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    return user.email;
  }

  return {
    thresholdOf,

    async report(
      year: number,
      query: { overThreshold?: boolean | undefined; search?: string | undefined },
      page: { limit: number; offset: number },
    ) {
      const threshold = thresholdOf(year);
      const all = (await payees(year, { search: query.search }).execute()).map((row) =>
        rowOf(row, threshold.cents),
      );
      const shown =
        query.overThreshold === undefined
          ? all
          : all.filter((row) => row.over_threshold === query.overThreshold);
      return {
        count: shown.length,
        results: shown.slice(page.offset, page.offset + page.limit),
        year,
        threshold: threshold.cents,
        threshold_source: threshold.source,
        threshold_from_year: threshold.from_year,
        time_zone: 'UTC' as const,
        over_threshold_count: all.filter((row) => row.over_threshold).length,
        total_paid: all.reduce((sum, row) => sum + row.total_paid, 0),
        exports: await exportsOf(year),
      };
    },

    async detail(year: number, artistId: number): Promise<TaxReportDetail | null> {
      const threshold = thresholdOf(year);
      const row = await payees(year, { artistId }).executeTakeFirst();
      if (!row) return null;
      const [start, end] = yearBounds(year);
      const payments = await db
        .selectFrom('artist_payments')
        .select(['id', 'token', 'amount', 'status', 'created_on', 'completed_on'])
        .where('artist_id', '=', artistId)
        .where(sql<boolean>`coalesce(completed_on, created_on) >= ${start}`)
        .where(sql<boolean>`coalesce(completed_on, created_on) < ${end}`)
        .orderBy(sql`coalesce(completed_on, created_on)`)
        .orderBy('id')
        .execute();
      return {
        ...rowOf(row, threshold.cents),
        year,
        threshold: threshold.cents,
        payments: payments.map((p): TaxPayment => ({
          id: p.id,
          token: p.token,
          amount: p.amount,
          status: p.status,
          created_on: iso(p.created_on),
          completed_on: p.completed_on ? iso(p.completed_on) : null,
          counted:
            p.status === 'COMPLETED' &&
            p.completed_on !== null &&
            new Date(p.completed_on) >= start &&
            new Date(p.completed_on) < end,
        })),
      };
    },

    /**
     * The year's 1099-NEC recipients: W-9 payees paid at least the threshold. W-8BEN payees
     * are foreign persons, not 1099 recipients (1042-S territory), and are left out. With
     * `fullTin` the TIN is decrypted and the export recorded, once in tax_exports and per
     * recipient in tin_reads; otherwise it is masked (and the export recorded as masked).
     */
    async form1099Rows(year: number, staff: { userId: number }, fullTin: boolean) {
      const threshold = thresholdOf(year);
      const rows = (await payees(year).execute()).filter(
        (row) => row.form === 'W-9' && Number(row.total_paid) >= threshold.cents,
      );
      const email = await staffEmail(staff.userId);
      const records = rows.map((row) => {
        const address = (row.address ?? {}) as TaxAddress;
        return {
          tax_year: year,
          payer_name: settings.payer.name,
          payer_tin: settings.payer.tin,
          payer_address: settings.payer.address,
          recipient_name: row.legal_name ?? row.artist_name,
          recipient_business_name: row.form_business_name ?? '',
          recipient_tin_type: row.tin_type ?? '',
          recipient_tin:
            fullTin && row.tin_encrypted
              ? cipher.decrypt(row.tin_encrypted)
              : (maskedTinOf(row) ?? ''),
          recipient_address_line1: address.line1 ?? '',
          recipient_address_line2: address.line2 ?? '',
          recipient_city: address.city ?? '',
          recipient_state: address.region ?? '',
          recipient_postal_code: address.postal_code ?? '',
          recipient_country: address.country ?? '',
          box1_nonemployee_compensation: (Number(row.total_paid) / 100).toFixed(2),
          artist_id: row.artist_id,
        };
      });
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('tax_exports')
          .values({
            year,
            kind: fullTin ? 'full_tin' : 'masked',
            row_count: records.length,
            created_by: staff.userId,
            created_by_email: email,
          })
          .execute();
        const read = rows.filter((row) => row.artist_profile_id !== null && row.tin_encrypted);
        if (fullTin && read.length > 0) {
          await trx
            .insertInto('tin_reads')
            .values(
              read.map((row) => ({
                artist_profile_id: row.artist_profile_id!,
                reader_id: staff.userId,
                reader_email: email,
              })),
            )
            .execute();
        }
      });
      return records;
    },

    exportsOf,
  };
}

export type TaxReportingService = ReturnType<typeof createTaxReportingService>;
