-- 0077: the staff image list (/api/image/) at a million images (pnpm bench:manage).
-- * An exact count without scanning: images' row count kept by statement-level triggers
--   (one UPDATE per INSERT/DELETE statement, whatever its size; bulk loads stay cheap).
-- * Each ordering of the list walks an index of (key, id): pages are read from the index.
-- * Search (title, local id, artist name; ILIKE '%…%') uses trigram indexes.
CREATE TABLE table_row_counts (
  table_name text   PRIMARY KEY,
  row_count  bigint NOT NULL CHECK (row_count >= 0)
);
INSERT INTO table_row_counts (table_name, row_count) SELECT 'images', count(*) FROM images;

CREATE FUNCTION images_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_row_counts SET row_count = row_count + (SELECT count(*) FROM inserted_rows)
  WHERE table_name = 'images';
  RETURN NULL;
END $$;
CREATE FUNCTION images_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_row_counts SET row_count = row_count - (SELECT count(*) FROM deleted_rows)
  WHERE table_name = 'images';
  RETURN NULL;
END $$;
CREATE FUNCTION images_count_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE table_row_counts SET row_count = 0 WHERE table_name = 'images';
  RETURN NULL;
END $$;
CREATE TRIGGER images_count_insert AFTER INSERT ON images
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION images_count_inserted();
CREATE TRIGGER images_count_delete AFTER DELETE ON images
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION images_count_deleted();
CREATE TRIGGER images_count_truncate AFTER TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION images_count_truncated();

CREATE INDEX images_updated_idx ON images (updated, id);
CREATE INDEX images_title_idx ON images (title, id);
CREATE INDEX images_price_idx ON images (price, id);
CREATE INDEX images_title_trgm_idx ON images USING gin (title gin_trgm_ops);
CREATE INDEX images_local_id_trgm_idx ON images USING gin (local_id gin_trgm_ops);
