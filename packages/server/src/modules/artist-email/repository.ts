import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export interface ArtistEmailRow {
  id: number;
  to_email: string;
  subject: string;
  message: string;
  sender: string | null;
  created: Date;
}

/** Artist profiles' addresses and the messages staff sent them (migration 0076). */
export function createArtistEmailRepository(db: Kysely<DB>) {
  return {
    /** The profile's address: its own email, else its user's; undefined: no such profile. */
    async recipient(profileId: number): Promise<{ email: string; name: string } | undefined> {
      return db
        .selectFrom('artist_profiles as a')
        .innerJoin('users as u', 'u.id', 'a.user_id')
        .select([
          sql<string>`coalesce(nullif(a.email, ''), u.email)`.as('email'),
          sql<string>`coalesce(nullif(a.full_name, ''), u.name)`.as('name'),
        ])
        .where('a.id', '=', profileId)
        .executeTakeFirst();
    },

    async record(values: {
      profileId: number;
      senderId: number;
      to: string;
      subject: string;
      message: string;
    }): Promise<number> {
      const row = await db
        .insertInto('artist_profile_emails')
        .values({
          artist_profile_id: values.profileId,
          sender_id: values.senderId,
          to_email: values.to,
          subject: values.subject,
          message: values.message,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async list(
      profileId: number,
      limit: number,
      offset: number,
    ): Promise<{ count: number; rows: ArtistEmailRow[] }> {
      const base = db
        .selectFrom('artist_profile_emails as e')
        .where('e.artist_profile_id', '=', profileId);
      const [counted, rows] = await Promise.all([
        base.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow(),
        base
          .leftJoin('users as u', 'u.id', 'e.sender_id')
          .select([
            'e.id',
            'e.to_email',
            'e.subject',
            'e.message',
            'e.created',
            sql<string | null>`coalesce(nullif(u.name, ''), u.email)`.as('sender'),
          ])
          .orderBy('e.id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute(),
      ]);
      return { count: Number(counted.count), rows };
    },
  };
}
export type ArtistEmailRepository = ReturnType<typeof createArtistEmailRepository>;
