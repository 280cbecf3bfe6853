import {
  APPLICATION_DECLINED,
  EDITABLE_APPLICATION_STAGE,
  SAMPLES_COUNT_MESSAGE,
  SAMPLES_MAX,
  SAMPLES_MIN,
  type ApplicationInfoBody,
  type ApplicationReviewState,
  type ArtistApplication,
  type DecisionBody,
  type SampleUploadBody,
  type StaffApplication,
} from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { ArtistProfilesTable, DB } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import { decisionEmail } from './decision-email';
import { storePicture } from './pictures';
import type { SampleFiles } from './sample-files';
import { setStage, stageOf } from './stages';

export const APPLICATION_LOCKED = 'Your application has been sent and can no longer be changed.';
const NO_APPLICATION = 'Tell us about yourself first.';
export const NOT_AWAITING_REVIEW = 'This application is not waiting for review.';
const SAMPLES_FOLDER = 'artist-samples';

type ProfileRow = Selectable<ArtistProfilesTable>;

const nonField = (message: string) => new ApiError(400, { non_field_errors: [message] });

export interface ApplicationServiceOptions {
  /** Private files of the samples (never MEDIA_DIR) and their signed URLs. */
  samples: SampleFiles;
  mailer: Mailer;
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
}

export function createApplicationService(
  db: Kysely<DB>,
  { samples: sampleFiles, mailer, publicUrl, log }: ApplicationServiceOptions,
) {
  const profileOf = (userId: number) =>
    db.selectFrom('artist_profiles').selectAll().where('user_id', '=', userId).executeTakeFirst();

  const samplesOf = async (profileId: number) =>
    (
      await db
        .selectFrom('artist_samples')
        .selectAll()
        .where('artist_profile_id', '=', profileId)
        .orderBy('id')
        .execute()
    ).map((s) => ({
      id: s.id,
      name: s.name,
      // Signed and expiring: only the applicant's and staff's answers carry it.
      url: sampleFiles.url(s.id),
      width: s.width,
      height: s.height,
      created: s.created.toISOString(),
    }));

  const userEmail = async (userId: number) =>
    (
      await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).email;

  const iso = (value: Date | null) => (value ? value.toISOString() : null);

  async function view(
    profile: ProfileRow | undefined,
    stage: ArtistApplication['stage'],
  ): Promise<ArtistApplication> {
    if (!profile) {
      return {
        id: null,
        stage,
        full_name: '',
        email: '',
        practice: '',
        bio: '',
        location: '',
        links: [],
        samples: [],
        submitted_at: null,
        decision: null,
        decision_message: '',
        decided_at: null,
      };
    }
    return {
      id: profile.id,
      stage,
      full_name: profile.full_name,
      email: profile.email,
      practice: profile.practice,
      bio: profile.bio,
      location: profile.location_text,
      links: profile.links,
      samples: await samplesOf(profile.id),
      submitted_at: iso(profile.submitted_at),
      decision: profile.decision,
      decision_message: profile.decision_message,
      decided_at: iso(profile.decided_at),
    };
  }

  /** The applicant's stage must still allow changes; answers their profile. */
  async function editable(userId: number): Promise<{ profile: ProfileRow | undefined }> {
    const stage = await stageOf(db, userId);
    // A declined applicant may not apply again (a second application would re-open review).
    if (stage === 'declined') throw nonField(APPLICATION_DECLINED);
    if (stage !== null && stage !== EDITABLE_APPLICATION_STAGE) throw nonField(APPLICATION_LOCKED);
    const profile = await profileOf(userId);
    // An artist made before the portal (staff, the demo seed) has a profile but no stage.
    if (stage === null && profile) throw nonField(APPLICATION_LOCKED);
    return { profile };
  }

  return {
    /**
     * A sample's file for GET /api/artist-samples/:id/: with a valid signed URL, or to its
     * applicant or staff signed in; anyone else gets 404. Answers the file and how many
     * seconds it may be cached (privately).
     */
    async samplePicture(
      sampleId: number,
      query: { expires?: number | undefined; signature?: string | undefined },
      viewer: { userId: number | null; isStaff: boolean },
    ): Promise<{ file: string; maxAge: number }> {
      const row = await db
        .selectFrom('artist_samples')
        .innerJoin('artist_profiles', 'artist_profiles.id', 'artist_samples.artist_profile_id')
        .select([
          'artist_samples.id',
          'artist_samples.path',
          'artist_samples.storage',
          'artist_profiles.user_id',
        ])
        .where('artist_samples.id', '=', sampleId)
        .executeTakeFirst();
      if (!row) throw notFound();
      const signed =
        query.expires !== undefined && query.signature !== undefined
          ? sampleFiles.check(sampleId, query.expires, query.signature)
          : null;
      const allowed = viewer.isStaff || (viewer.userId !== null && viewer.userId === row.user_id);
      if (signed === null && !allowed) throw notFound();
      return { file: sampleFiles.file(row), maxAge: signed ?? 0 };
    },

    moveSamplesToPrivate: () => sampleFiles.moveToPrivate(db, log),

    async get(userId: number): Promise<ArtistApplication> {
      return view(await profileOf(userId), await stageOf(db, userId));
    },

    async saveInfo(userId: number, body: ApplicationInfoBody): Promise<ArtistApplication> {
      await editable(userId);
      const values = {
        full_name: body.full_name,
        email: body.email,
        practice: body.practice,
        bio: body.bio,
        location_text: body.location ?? '',
        links: body.links ?? [],
      };
      await db
        .insertInto('artist_profiles')
        .values({ user_id: userId, ...values })
        .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
        .execute();
      await setStage(db, userId, EDITABLE_APPLICATION_STAGE);
      return this.get(userId);
    },

    async addSample(userId: number, body: SampleUploadBody): Promise<ArtistApplication> {
      const { profile } = await editable(userId);
      if (!profile) throw nonField(NO_APPLICATION);
      const count = await db
        .selectFrom('artist_samples')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('artist_profile_id', '=', profile.id)
        .executeTakeFirstOrThrow();
      if (Number(count.n) >= SAMPLES_MAX) throw fieldError('data', SAMPLES_COUNT_MESSAGE);
      const stored = await storePicture(body.data, {
        mediaDir: sampleFiles.privateDir,
        folder: SAMPLES_FOLDER,
        field: 'data',
      });
      await db
        .insertInto('artist_samples')
        .values({ artist_profile_id: profile.id, name: body.name, ...stored, storage: 'private' })
        .execute();
      return this.get(userId);
    },

    async removeSample(userId: number, sampleId: number): Promise<ArtistApplication> {
      const { profile } = await editable(userId);
      const removed = await db
        .deleteFrom('artist_samples')
        .where('id', '=', sampleId)
        .where('artist_profile_id', '=', profile?.id ?? -1)
        .executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound();
      return this.get(userId);
    },

    async submit(userId: number): Promise<ArtistApplication> {
      const { profile } = await editable(userId);
      if (!profile) throw nonField(NO_APPLICATION);
      const samples = await samplesOf(profile.id);
      if (samples.length < SAMPLES_MIN || samples.length > SAMPLES_MAX) {
        throw fieldError('samples', SAMPLES_COUNT_MESSAGE);
      }
      await db
        .updateTable('artist_profiles')
        .set({ submitted_at: sql<Date>`now()` })
        .where('id', '=', profile.id)
        .execute();
      await setStage(db, userId, 'applied');
      return this.get(userId);
    },

    /**
     * Staff: submitted applications, those awaiting review first, then newest first;
     * `waiting` (or state 'pending') only those awaiting review, `state` by decision.
     */
    async list(
      filters: { waiting: boolean; state?: ApplicationReviewState },
      page: { limit: number; offset: number },
    ): Promise<{ count: number; results: StaffApplication[] }> {
      let query = db
        .selectFrom('artist_profiles')
        .innerJoin('users', 'users.id', 'artist_profiles.user_id')
        .leftJoin('profiles', 'profiles.user_id', 'artist_profiles.user_id')
        .where('artist_profiles.submitted_at', 'is not', null);
      if (filters.waiting || filters.state === 'pending') {
        query = query.where('profiles.application_stage', '=', 'applied');
      } else if (filters.state) {
        query = query.where('artist_profiles.decision', '=', filters.state);
      }
      const [{ n }, rows] = await Promise.all([
        query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        query
          .selectAll('artist_profiles')
          .select(['users.uuid as user_uuid', 'profiles.application_stage'])
          .orderBy(sql`case when profiles.application_stage = 'applied' then 0 else 1 end`, 'asc')
          .orderBy('artist_profiles.submitted_at', 'desc')
          .orderBy('artist_profiles.id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      const results = await Promise.all(
        rows.map(async (row) => {
          const base = await view(row, row.application_stage as StaffApplication['stage']);
          return { ...base, id: row.id, user_uuid: row.user_uuid };
        }),
      );
      return { count: Number(n), results };
    },

    /** Staff: one sent application (404 for one never sent). */
    async one(profileId: number): Promise<StaffApplication> {
      const row = await db
        .selectFrom('artist_profiles')
        .innerJoin('users', 'users.id', 'artist_profiles.user_id')
        .leftJoin('profiles', 'profiles.user_id', 'artist_profiles.user_id')
        .selectAll('artist_profiles')
        .select(['users.uuid as user_uuid', 'profiles.application_stage'])
        .where('artist_profiles.id', '=', profileId)
        .where('artist_profiles.submitted_at', 'is not', null)
        .executeTakeFirst();
      if (!row) throw notFound();
      const base = await view(row, row.application_stage as StaffApplication['stage']);
      return { ...base, id: row.id, user_uuid: row.user_uuid };
    },

    /**
     * Staff approve or decline an application awaiting review. Approval puts the artist on
     * the default royalty level and moves them to 'royalty'; a decline ends at 'declined'.
     */
    async decide(
      staffId: number,
      profileId: number,
      body: DecisionBody,
    ): Promise<ArtistApplication> {
      const profile = await db
        .selectFrom('artist_profiles')
        .selectAll()
        .where('id', '=', profileId)
        .executeTakeFirst();
      if (!profile) throw notFound();
      if ((await stageOf(db, profile.user_id)) !== 'applied') throw nonField(NOT_AWAITING_REVIEW);
      const approve = body.decision === 'approve';
      const level = approve
        ? await db
            .selectFrom('royalty_levels')
            .select('id')
            .where('is_default', '=', true)
            .executeTakeFirst()
        : undefined;
      await db
        .updateTable('artist_profiles')
        .set({
          decision: approve ? 'approved' : 'declined',
          decision_message: body.message ?? '',
          decided_at: sql<Date>`now()`,
          decided_by: staffId,
          approved: approve,
          ...(approve ? { royalty_level_id: profile.royalty_level_id ?? level?.id ?? null } : {}),
        })
        .where('id', '=', profileId)
        .execute();
      await setStage(db, profile.user_id, approve ? 'royalty' : 'declined');
      // The decision stands whether or not the email goes out; a failure is logged.
      const to = profile.email || (await userEmail(profile.user_id));
      try {
        await mailer.send({
          to,
          ...decisionEmail({
            name: profile.full_name,
            approved: approve,
            message: body.message ?? '',
            publicUrl,
          }),
        });
      } catch (err) {
        log.error({ err, profileId }, 'artist decision email failed');
      }
      return view(await profileOf(profile.user_id), approve ? 'royalty' : 'declined');
    },
  };
}

export type ApplicationService = ReturnType<typeof createApplicationService>;
