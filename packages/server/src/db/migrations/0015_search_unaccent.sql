-- 0015: searches forgive accents. The words of titles, keywords and captions are read with
-- their accents folded (unaccent), so 'Cezanne' finds 'Cézanne' and 'cafe' finds 'café';
-- the search module folds the words of a query the same way (repository.ts), and the
-- in-memory index reads artists' names through atelier_unaccent too.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- unaccent() is only STABLE (its dictionary could change); naming the dictionary makes the
-- result depend on nothing else, so this wrapper may serve a generated column.
CREATE FUNCTION atelier_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN unaccent('unaccent'::regdictionary, $1);

-- A generated column's expression cannot be altered before PostgreSQL 17: the column is
-- made again (its GIN index with it).
ALTER TABLE images DROP COLUMN search;
ALTER TABLE images ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english'::regconfig, atelier_unaccent(title)), 'A')
 || setweight(to_tsvector('simple'::regconfig, local_id), 'A')
 || setweight(to_tsvector('english'::regconfig,
      atelier_unaccent(atelier_text_array_to_string(keywords))), 'B')
 || setweight(to_tsvector('english'::regconfig, atelier_unaccent(caption)), 'C')
) STORED;
CREATE INDEX images_search_idx ON images USING gin ((search || search_tags));
