-- 0081: an image's filter tags are computed in one place, the search indexer
-- (modules/search/indexer/tags.ts), from the columns they describe. 0004's SQL copy of the
-- tag table (atelier_search_tag), the size classes and the generated column they filled go;
-- the words keep 0001's GIN index.
DROP INDEX images_search_idx;
ALTER TABLE images DROP COLUMN search_tags;
DROP FUNCTION atelier_search_lexemes(text, boolean, text, smallint, integer, integer, text, text[],
  text[]);
DROP FUNCTION atelier_search_tag(text, text);
DROP FUNCTION atelier_size_class(integer, integer);
CREATE INDEX images_search_idx ON images USING gin (search);
