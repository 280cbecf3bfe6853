-- 0008: a search index listening on PostgreSQL learns that the catalogue changed without
-- asking. Every statement that changes images or artists (which search_removals follows)
-- sends a notification on channel atelier_search at its commit; index-sync.ts then reads
-- what changed (0007). While nothing arrives and this server wrote nothing, a search needs
-- no query at all to know that its index is current.

CREATE FUNCTION atelier_search_notify() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM pg_notify('atelier_search', ''); RETURN NULL; END $$;

CREATE TRIGGER images_search_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON images
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_notify();

CREATE TRIGGER artists_search_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON artists
  FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_notify();
