-- 0014: an artist account's works. An artist profile (a user's, 0002) may name the
-- catalogue artist (0001) whose images are that user's; null until staff, or the demo
-- seeding (db/seed/accounts.ts), links them. One catalogue artist belongs to one profile
-- at most. Deleting the artist unlinks the profile, never the other way round.
ALTER TABLE artist_profiles
  ADD COLUMN artist_id integer UNIQUE REFERENCES artists (id) ON DELETE SET NULL;
