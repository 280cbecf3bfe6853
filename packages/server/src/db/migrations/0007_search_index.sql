-- 0007: the server's in-memory search index (modules/search/engine) follows the catalogue.
--
-- Every image row remembers the transaction that last changed anything a search matches,
-- counts or sorts on (search_xid), and deletions leave a row in search_removals. An index
-- that has read everything up to a snapshot then only needs the rows written by
-- transactions at or after that snapshot's xmin: any transaction that commits later has
-- an id at least that. Read by index-sync.ts; idempotent, so re-reading a row is harmless.

ALTER TABLE images ADD COLUMN search_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX images_search_xid_idx ON images (search_xid);

CREATE FUNCTION atelier_search_xid_touch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN NEW.search_xid := pg_current_xact_id(); RETURN NEW; END $$;

CREATE TRIGGER images_search_xid
  BEFORE INSERT OR UPDATE OF local_id, source, artist_id, title, caption, keywords, created,
    max_width, max_height, price, published, popularity, orientation, image_type, people,
    colours
  ON images FOR EACH ROW EXECUTE FUNCTION atelier_search_xid_touch();

-- Cards of search results are kept in memory too: an artist's new name or royalty code
-- must reach them.
ALTER TABLE artists ADD COLUMN search_xid xid8 NOT NULL DEFAULT pg_current_xact_id();
CREATE INDEX artists_search_xid_idx ON artists (search_xid);

CREATE TRIGGER artists_search_xid
  BEFORE UPDATE OF name, royalty_code
  ON artists FOR EACH ROW EXECUTE FUNCTION atelier_search_xid_touch();

-- image_id NULL: the table was truncated (the index is built again).
CREATE TABLE search_removals (
  image_id   integer,
  search_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
);
CREATE INDEX search_removals_xid_idx ON search_removals (search_xid);

CREATE FUNCTION atelier_search_removed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN
    INSERT INTO search_removals (image_id) SELECT id FROM removed;
    RETURN NULL;
  END $$;

CREATE TRIGGER images_search_removed
  AFTER DELETE ON images REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_removed();

CREATE FUNCTION atelier_search_truncated() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN INSERT INTO search_removals (image_id) VALUES (NULL); RETURN NULL; END $$;

CREATE TRIGGER images_search_truncated
  AFTER TRUNCATE ON images FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_truncated();
