import {
  maskTin,
  normalizeTin,
  type RoyaltyAgreement,
  type RoyaltyLevel,
  type TaxFormBody,
  type TaxFormView,
  type TinType,
} from '@atelier/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { DB } from '../../db/schema';
import type { RoyaltyLevelsTable } from '../../db/schema-artist-portal';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import type { FieldCipher } from '../../lib/field-encryption';
import { advanceStage, stageOf } from '../artist-applications';
import { ROYALTY_AGREEMENT } from './agreement';

export const NOT_APPROVED = 'Your artist application has not been approved.';
const AGREEMENT_OUTDATED = 'Accept the current agreement.';
export const ACCEPT_AGREEMENT_FIRST = 'Accept the royalty agreement first.';

/** Onboarding records exist only for an approved artist: for anyone else there are none. */
const noOnboarding = (detail: string) => new ApiError(404, { detail });
const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });

const levelOf = (row: Selectable<RoyaltyLevelsTable>): RoyaltyLevel => ({
  id: row.id,
  name: row.name,
  rate_bp: row.rate_bp,
  description: row.description,
  is_default: row.is_default,
});

const APPROVED = new Set(['royalty', 'tax', 'payee', 'payment']);

export function createOnboardingService(db: Kysely<DB>, cipher: FieldCipher) {
  /** The approved artist's profile; 403 for anyone else. */
  async function approvedProfile(userId: number) {
    const profile = await db
      .selectFrom('artist_profiles')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    const stage = await stageOf(db, userId);
    if (!profile || !profile.approved || (stage !== null && !APPROVED.has(stage))) {
      throw noOnboarding(NOT_APPROVED);
    }
    return { profile, stage };
  }

  /** Keeps the catalogue artist's rate (what order lines snapshot) at the level's. */
  async function syncArtistRate(profileId: number) {
    await sql`
      update artists a set royalty_rate_bp = l.rate_bp
      from artist_profiles p join royalty_levels l on l.id = p.royalty_level_id
      where p.id = ${profileId}::int and a.id = p.artist_id`.execute(db);
  }

  async function defaultLevel() {
    return db
      .selectFrom('royalty_levels')
      .selectAll()
      .where('is_default', '=', true)
      .executeTakeFirst();
  }

  const taxView = (row: Selectable<DB['artist_tax_forms']>): TaxFormView => {
    const isW9 = row.form === 'W-9';
    return {
      form: row.form,
      legal_name: row.legal_name,
      business_name: row.business_name,
      tax_classification: row.tax_classification,
      address: row.address as TaxFormView['address'],
      tin_type: isW9 ? (row.tin_type as TinType) : null,
      tin_masked: isW9 && row.tin_last4 ? maskTin(row.tin_type as TinType, row.tin_last4) : null,
      country_of_citizenship: row.country_of_citizenship,
      foreign_tin_masked: !isW9 && row.tin_last4 ? `****${row.tin_last4}` : null,
      date_of_birth: row.date_of_birth ? String(row.date_of_birth).slice(0, 10) : null,
      certified_at: row.certified_at.toISOString(),
    };
  };

  return {
    async royalty(userId: number): Promise<RoyaltyAgreement> {
      const { profile } = await approvedProfile(userId);
      let level = profile.royalty_level_id
        ? await db
            .selectFrom('royalty_levels')
            .selectAll()
            .where('id', '=', profile.royalty_level_id)
            .executeTakeFirst()
        : undefined;
      level ??= await defaultLevel();
      if (!level) throw notFound();
      return {
        level: levelOf(level),
        agreement: ROYALTY_AGREEMENT,
        accepted_version: profile.agreement_version,
        accepted_at: profile.agreement_accepted_at?.toISOString() ?? null,
      };
    },

    async acceptRoyalty(userId: number, version: string): Promise<RoyaltyAgreement> {
      const { profile } = await approvedProfile(userId);
      if (version !== ROYALTY_AGREEMENT.version) throw fieldError('version', AGREEMENT_OUTDATED);
      const level = profile.royalty_level_id ?? (await defaultLevel())?.id ?? null;
      await db
        .updateTable('artist_profiles')
        .set({
          agreement_version: version,
          agreement_accepted_at: sql<Date>`now()`,
          royalty_level_id: level,
        })
        .where('id', '=', profile.id)
        .execute();
      await syncArtistRate(profile.id);
      await advanceStage(db, userId, 'royalty', 'tax');
      return this.royalty(userId);
    },

    async tax(userId: number): Promise<TaxFormView | null> {
      const { profile } = await approvedProfile(userId);
      const row = await db
        .selectFrom('artist_tax_forms')
        .selectAll()
        .where('artist_profile_id', '=', profile.id)
        .executeTakeFirst();
      return row ? taxView(row) : null;
    },

    async saveTax(userId: number, body: TaxFormBody): Promise<TaxFormView> {
      const { profile } = await approvedProfile(userId);
      if (!profile.agreement_accepted_at) throw nonField(ACCEPT_AGREEMENT_FIRST);
      const tin =
        body.form === 'W-9'
          ? normalizeTin(body.tin)
          : body.foreign_tin
            ? body.foreign_tin.replace(/\s/g, '')
            : null;
      const values = {
        form: body.form,
        legal_name: body.legal_name,
        business_name: body.form === 'W-9' ? (body.business_name ?? '') : '',
        tax_classification: body.form === 'W-9' ? body.tax_classification : null,
        address: JSON.stringify(body.address),
        tin_type: body.form === 'W-9' ? body.tin_type : tin ? ('FOREIGN' as const) : null,
        tin_encrypted: tin ? cipher.encrypt(tin) : null,
        tin_last4: tin ? tin.slice(-4) : null,
        country_of_citizenship: body.form === 'W-8BEN' ? body.country_of_citizenship : null,
        date_of_birth: body.form === 'W-8BEN' ? body.date_of_birth : null,
        certified_at: new Date(),
      };
      await db
        .insertInto('artist_tax_forms')
        .values({ artist_profile_id: profile.id, ...values })
        .onConflict((oc) => oc.column('artist_profile_id').doUpdateSet(values))
        .execute();
      await advanceStage(db, userId, 'tax', 'payee');
      const saved = await this.tax(userId);
      if (!saved) throw notFound();
      return saved;
    },

    /** Staff: the whole TIN of an artist profile; every read is recorded (who, when). */
    async revealTin(
      reader: { userId: number },
      profileId: number,
    ): Promise<{ tin_type: string | null; tin: string }> {
      const row = await db
        .selectFrom('artist_tax_forms')
        .select(['tin_type', 'tin_encrypted'])
        .where('artist_profile_id', '=', profileId)
        .executeTakeFirst();
      if (!row?.tin_encrypted) throw notFound();
      const user = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', reader.userId)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('tin_reads')
        .values({
          artist_profile_id: profileId,
          reader_id: reader.userId,
          reader_email: user.email,
        })
        .execute();
      return { tin_type: row.tin_type, tin: cipher.decrypt(row.tin_encrypted) };
    },

    async tinReads(profileId: number, page: { limit: number; offset: number }) {
      const base = db.selectFrom('tin_reads').where('artist_profile_id', '=', profileId);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['id', 'reader_email', 'created'])
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return {
        count: Number(n),
        results: rows.map((r) => ({ ...r, created: r.created.toISOString() })),
      };
    },

    /** Staff: puts an artist profile on a level. */
    async setArtistLevel(profileId: number, levelId: number): Promise<void> {
      const level = await db
        .selectFrom('royalty_levels')
        .select('id')
        .where('id', '=', levelId)
        .executeTakeFirst();
      if (!level)
        throw fieldError('royalty_level', `Invalid pk "${levelId}" - object does not exist.`);
      const updated = await db
        .updateTable('artist_profiles')
        .set({ royalty_level_id: levelId })
        .where('id', '=', profileId)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) throw notFound();
      await syncArtistRate(profileId);
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
