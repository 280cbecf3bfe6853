-- 0090: staff image search at a million images (pnpm bench:manage; docs/orders-fulfilment.md).
-- A search for a common word matches ~20,000 images; counting them (DRF's exact count) and
-- sorting them for a page meant visiting ~20,000 rows scattered over the 1 GB images heap.
-- image_list_search holds, per image, only what the list searches and orders by (~70 bytes a
-- row, ~15 times narrower): the same trigram and artist matches visit this table instead,
-- and one query answers both the page and its count.
-- Kept by statement-level triggers with transition tables (one statement per INSERT, UPDATE,
-- DELETE statement on images, whatever its size; bulk loads stay cheap).
CREATE TABLE image_list_search (
  id        integer     PRIMARY KEY,
  artist_id integer     NOT NULL,
  created   timestamptz NOT NULL,
  updated   timestamptz NOT NULL,
  price     smallint    NOT NULL,
  title     text        NOT NULL,
  local_id  text        NOT NULL
);
INSERT INTO image_list_search (id, artist_id, created, updated, price, title, local_id)
  SELECT id, artist_id, created, updated, price, title, local_id FROM images;

CREATE FUNCTION image_list_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO image_list_search (id, artist_id, created, updated, price, title, local_id)
    SELECT id, artist_id, created, updated, price, title, local_id FROM inserted_rows;
  RETURN NULL;
END $$;
CREATE FUNCTION image_list_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE image_list_search s
    SET id = n.id, artist_id = n.artist_id, created = n.created, updated = n.updated,
        price = n.price, title = n.title, local_id = n.local_id
    FROM updated_rows n
    WHERE s.id = n.id
      AND (s.artist_id, s.created, s.updated, s.price, s.title, s.local_id)
          IS DISTINCT FROM (n.artist_id, n.created, n.updated, n.price, n.title, n.local_id);
  RETURN NULL;
END $$;
CREATE FUNCTION image_list_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM image_list_search WHERE id IN (SELECT id FROM deleted_rows);
  RETURN NULL;
END $$;
CREATE FUNCTION image_list_search_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM image_list_search;
  RETURN NULL;
END $$;
CREATE TRIGGER image_list_search_insert AFTER INSERT ON images
  REFERENCING NEW TABLE AS inserted_rows FOR EACH STATEMENT EXECUTE FUNCTION image_list_search_inserted();
CREATE TRIGGER image_list_search_update AFTER UPDATE ON images
  REFERENCING NEW TABLE AS updated_rows FOR EACH STATEMENT EXECUTE FUNCTION image_list_search_updated();
CREATE TRIGGER image_list_search_delete AFTER DELETE ON images
  REFERENCING OLD TABLE AS deleted_rows FOR EACH STATEMENT EXECUTE FUNCTION image_list_search_deleted();
CREATE TRIGGER image_list_search_truncate AFTER TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION image_list_search_truncated();

CREATE INDEX image_list_search_artist_idx ON image_list_search (artist_id);
CREATE INDEX image_list_search_title_trgm_idx ON image_list_search USING gin (title gin_trgm_ops);
CREATE INDEX image_list_search_local_id_trgm_idx ON image_list_search USING gin (local_id gin_trgm_ops);

-- Statistics now: without them the planner guesses ~50,000 matches for any search and plans
-- parallel workers whose start-up alone costs more than a one-row search.
ANALYZE image_list_search;
