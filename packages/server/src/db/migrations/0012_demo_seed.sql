-- 0012: the first start's demo seeding, recorded (db/seed/index.ts, ensureDemoData). The row
-- is written in the same statement that finds the catalogue empty, before the first image;
-- `completed` is set once the catalogue and the demo accounts all exist. A start that finds
-- the row incomplete (the previous one was killed while seeding) finishes the job; a
-- database whose catalogue came from anywhere else never gets a row, nor demo accounts.
CREATE TABLE demo_seed (
  id        boolean     PRIMARY KEY DEFAULT true CHECK (id),
  images    integer     NOT NULL,
  started   timestamptz NOT NULL DEFAULT now(),
  completed timestamptz
);
