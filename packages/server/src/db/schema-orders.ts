import type { ColumnType, Generated } from 'kysely';

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

/** Row counts kept by triggers (migration 0077): `images` for the staff list's count. */
export interface TableRowCountsTable {
  table_name: string;
  row_count: ColumnType<string, number, number>;
}
