-- 0005: favourites (PATCH /content/edit/{id}/ {"favorite": ...}, user_favorite in
-- GET /api/images/{id}/, the search's favorites filter).
--
-- One row per (user, image). The primary key answers "is this image a favourite of this
-- user" and "this user's favourites" (the search's semi-join reads its user_id prefix); the
-- image index serves the cascade when an image is deleted. Favourites are not part of the
-- search epoch (0004): a favourites search is never cached (search/service.ts).
CREATE TABLE favourites (
  user_id  integer     NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  image_id integer     NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  created  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, image_id)
);

CREATE INDEX favourites_image_idx ON favourites (image_id);
