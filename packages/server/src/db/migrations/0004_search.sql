-- 0004: search at scale (GET /content/search/v3/).
--
-- Every filterable value of an image (image type, people, orientation, price tier,
-- megapixel class, source, colours, substrates) is a small integer code, stored as a
-- lexeme '~<code>' in images.search_tags (a tsvector), indexed with the words: a filter is
-- part of the text query ('~704' | '~705' for any of two colours), the whole search is one
-- GIN index scan, and facet counts are one unnest ... group by over a capped sample of the
-- matches. The codes are <dimension base> + <1-based position of the value>; the search
-- module's tags.ts holds the same table and a test checks that both agree.

-- Megapixel class of a master: 0 under 3 MP, 1 large (3 MP+), 2 x_large (12 MP+),
-- 3 xx_large (16 MP+). minimum_size=large is any class ≥ 1.
CREATE FUNCTION atelier_size_class(width integer, height integer) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (CASE WHEN width::bigint * height >= 16000000 THEN 3
               WHEN width::bigint * height >= 12000000 THEN 2
               WHEN width::bigint * height >= 3000000 THEN 1
               ELSE 0 END)::smallint;

-- Not STRICT, so that PostgreSQL inlines it (a CASE is not strict); NULL for an unknown value.
CREATE FUNCTION atelier_search_tag(dimension text, value text) RETURNS smallint
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN (CASE dimension
      WHEN 'image_type' THEN 100 + array_position(ARRAY['fine art', 'photography'], value)
      WHEN 'people' THEN 200 + array_position(ARRAY['false', 'true'], value)
      WHEN 'orientation' THEN 300 + array_position(
        ARRAY['vertical', 'horizontal', 'square', 'panoramic'], value)
      WHEN 'price' THEN 400 + array_position(ARRAY['1', '2', '3', '4'], value)
      WHEN 'size' THEN 500 + array_position(ARRAY['0', '1', '2', '3'], value)
      WHEN 'sources' THEN 600 + array_position(
        ARRAY['GAA', 'BJOR', 'DOM', 'WAG', 'MCG', 'BR', 'GI', 'POE', 'BUR', 'PIN', 'GET', 'GETRM'],
        value)
      WHEN 'colours' THEN 700 + array_position(
        ARRAY['black and white', 'neutral', 'pastel', 'pale', 'red', 'orange', 'yellow', 'green',
              'blue', 'purple', 'pink', 'white', 'grey', 'black', 'brown', 'gold', 'cream',
              'beige', 'tan'], value)
      WHEN 'substrate' THEN 800 + array_position(
        ARRAY['print', 'canvas', 'aluminum', 'acrylic', 'acoustic panel', 'mural', 'window film',
              'gator board'], value)
    END)::smallint;

-- The tags of an image as tsvector lexemes '~<code>': no text a user types can make one
-- ('~' is never part of a parsed word), so they share the text's GIN index safely.
CREATE FUNCTION atelier_search_lexemes(image_type text, people boolean, orientation text,
    price smallint, width integer, height integer, source text, colours text[],
    substrates text[])
  RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  DECLARE
    tags smallint[] := ARRAY[
      atelier_search_tag('image_type', image_type),
      atelier_search_tag('people', people::text),
      atelier_search_tag('orientation', orientation),
      atelier_search_tag('price', price::text),
      atelier_search_tag('size', atelier_size_class(width, height)::text),
      atelier_search_tag('sources', source)];
    lexemes text[] := ARRAY[]::text[];
    value text;
    tag smallint;
  BEGIN
    FOREACH value IN ARRAY colours LOOP
      tags := tags || atelier_search_tag('colours', value);
    END LOOP;
    FOREACH value IN ARRAY substrates LOOP
      tags := tags || atelier_search_tag('substrate', value);
    END LOOP;
    FOREACH tag IN ARRAY array_remove(tags, NULL) LOOP
      lexemes := lexemes || ('~' || tag);
    END LOOP;
    RETURN array_to_tsvector(lexemes);
  END $$;

ALTER TABLE images ADD COLUMN search_tags tsvector NOT NULL GENERATED ALWAYS AS (
  atelier_search_lexemes(image_type, people, orientation, price, max_width, max_height, source,
                         colours, substrates)) STORED;

-- One GIN index over the words and the tags: a search with filters is one index scan whose
-- keys are intersected inside GIN (its fast scan skips through the longer posting lists),
-- instead of two bitmaps built in full and ANDed. It replaces 0001's index on the words.
DROP INDEX images_search_idx;
CREATE INDEX images_search_idx ON images USING gin ((search || search_tags));
-- Sort by popularity (guests and staff: the published filter is cheap on this walk).
CREATE INDEX images_popular_idx ON images (popularity DESC, created DESC, id DESC);
-- A local id typed in the search box, in any case.
CREATE INDEX images_local_id_idx ON images (lower(local_id));
-- Artist names are matched case-insensitively by the existing trigram index; royalty codes
-- by their unique index.

-- The catalogue's search epoch: moves on every statement that changes what a search can
-- find or count (not on popularity bumps), so that cached counts and facets are keyed by
-- it and never outlive a change. A sequence: no row lock, no writer waits for another.
CREATE SEQUENCE search_epoch;

CREATE FUNCTION atelier_search_epoch_bump() RETURNS trigger
  LANGUAGE plpgsql
  AS $$ BEGIN PERFORM nextval('search_epoch'); RETURN NULL; END $$;

CREATE TRIGGER images_search_epoch
  AFTER INSERT OR DELETE OR UPDATE OF local_id, source, artist_id, title, caption, keywords,
    max_width, max_height, price, published, orientation, image_type, people, colours,
    substrates
  ON images FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_epoch_bump();

CREATE TRIGGER images_search_epoch_truncate
  AFTER TRUNCATE ON images FOR EACH STATEMENT EXECUTE FUNCTION atelier_search_epoch_bump();
