-- 0010: PATCH /content/edit/{id}/ {"popular": true} counts at most once a day per viewer
-- and image (modules/content-edit): who bumped what, that day.
--
-- viewer is 'u:<users.id>' for a signed-in user, 's:<sessions.id>' for a browser session
-- (a request with neither counts nothing). A bump is an INSERT … ON CONFLICT DO NOTHING:
-- the row inserted is the bump counted. Days before yesterday are deleted as the service
-- goes (nothing reads them). Not followed by the search index (no trigger of 0007/0008).
CREATE TABLE popularity_bumps (
  viewer   text    NOT NULL,
  image_id integer NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  day      date    NOT NULL DEFAULT current_date,
  PRIMARY KEY (viewer, image_id, day)
);

CREATE INDEX popularity_bumps_day_idx ON popularity_bumps (day);
CREATE INDEX popularity_bumps_image_idx ON popularity_bumps (image_id);
