-- Artist application samples leave the public media directory (README: Artist portal,
-- docs/artist-portal.md): they are served only to the applicant and staff, by signed,
-- expiring URLs. `storage` says where a sample's file lives: 'media' (MEDIA_DIR, the old
-- place; moved at start) or 'private' (DATA_DIR/private, never served as /media).
ALTER TABLE artist_samples ADD COLUMN storage text NOT NULL DEFAULT 'media'
  CHECK (storage IN ('media', 'private'));
ALTER TABLE artist_samples ALTER COLUMN storage SET DEFAULT 'private';
