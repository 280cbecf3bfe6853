import type { Generated } from 'kysely';

/** A message staff wrote to an artist from the manage area (migration 0076). */
export interface ArtistProfileEmailsTable {
  id: Generated<number>;
  artist_profile_id: number;
  sender_id: number | null;
  to_email: string;
  subject: string;
  message: string;
  created: Generated<Date>;
}
