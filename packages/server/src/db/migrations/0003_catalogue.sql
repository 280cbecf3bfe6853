-- 0003: the catalogue grows: the substrates each image can be printed on, orientation by
-- the shared rule, and the content hash of the imported file (idempotent bulk import).
--
-- The rules live in TypeScript (packages/contracts: orientationOf in vocabulary.ts,
-- substratesFor in pricing.ts); the two functions below are the same rules in SQL, used to
-- backfill existing rows. A server test checks that both agree over many sizes.

CREATE FUNCTION atelier_orientation(w integer, h integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT CASE
      WHEN greatest(w, h)::bigint >= 2 * least(w, h)::bigint THEN 'panoramic'
      WHEN 100 * greatest(w, h)::bigint <= 105 * least(w, h)::bigint THEN 'square'
      WHEN w > h THEN 'horizontal'
      ELSE 'vertical'
    END
  $$;

-- long·d ≤ short·n for a maximum aspect n:d; mural needs width ≥ height.
CREATE FUNCTION atelier_substrates(w integer, h integer) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT array_remove(ARRAY[
      'print',
      CASE WHEN greatest(w, h)::bigint <= 3 * least(w, h)::bigint THEN 'canvas' END,
      CASE WHEN greatest(w, h)::bigint <= 3 * least(w, h)::bigint THEN 'aluminum' END,
      CASE WHEN 2 * greatest(w, h)::bigint <= 5 * least(w, h)::bigint THEN 'acrylic' END,
      CASE WHEN 2 * greatest(w, h)::bigint <= 3 * least(w, h)::bigint THEN 'acoustic panel' END,
      CASE WHEN w >= h THEN 'mural' END,
      CASE WHEN greatest(w, h)::bigint <= 3 * least(w, h)::bigint THEN 'window film' END,
      CASE WHEN greatest(w, h)::bigint <= 2 * least(w, h)::bigint THEN 'gator board' END
    ]::text[], NULL)
  $$;

ALTER TABLE images
  ADD COLUMN substrates text[] NOT NULL DEFAULT '{}'
    CHECK (substrates <@ ARRAY['print', 'canvas', 'aluminum', 'acrylic', 'acoustic panel',
                               'mural', 'window film', 'gator board']::text[]),
  -- sha256 of the imported picture file ('' for rows that predate the import).
  ADD COLUMN file_sha256 text NOT NULL DEFAULT '';

UPDATE images
   SET substrates = atelier_substrates(max_width, max_height),
       orientation = atelier_orientation(max_width, max_height);
