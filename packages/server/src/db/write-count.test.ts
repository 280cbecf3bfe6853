import { createWriteTracker } from './write-count';

function tracker() {
  let writes = 0;
  const track = createWriteTracker(() => {
    writes += 1;
  });
  return { track, writes: () => writes };
}

describe('which statements move the search index change count', () => {
  it('counts writes to the tables the index follows', () => {
    const { track, writes } = tracker();
    track('update images set popularity = popularity + $1 where id = $2', 'UPDATE', 2);
    track('insert into "artists" ("name") values ($1)', 'INSERT', 1);
    track('update "images" set "published" = $1 where "id" = $2', 'UPDATE', 2);
    track('delete from search_removals where search_xid < $1', 'DELETE', 1);
    expect(writes()).toBe(4);
  });

  it('ignores carts, orders, sessions and reads', () => {
    const { track, writes } = tracker();
    track(
      `with ins as (insert into project_items (image_id) values ($1) returning *)
       select ins.id, i.title from ins join images i on i.id = ins.image_id`,
      'SELECT',
      1,
    );
    track('insert into project_items (image_id) values ($1)', 'INSERT', 1);
    track('insert into collection_images (collection_id, image_id) values ($1, $2)', 'INSERT', 2);
    track('update sessions set last_seen = now() where id = $1', 'UPDATE', 1);
    track('select * from images where id = $1', 'SELECT', 1);
    track('begin', 'BEGIN', 0);
    track('commit', 'COMMIT', 0);
    expect(writes()).toBe(0);
  });

  it('counts again at the commit of a transaction that wrote a followed table', () => {
    const { track, writes } = tracker();
    track('begin', 'BEGIN', 0);
    track('update images set published = $1 where id = $2', 'UPDATE', 2);
    expect(writes()).toBe(1);
    track('insert into order_lines (image_id) values ($1)', 'INSERT', 1);
    track('commit', 'COMMIT', 0);
    expect(writes()).toBe(2);
    // The next transaction starts clean.
    track('begin', 'BEGIN', 0);
    track('commit', 'COMMIT', 0);
    expect(writes()).toBe(2);
  });

  it('counts a failed statement that could have been such a write or its commit', () => {
    const { track, writes } = tracker();
    track('insert into orders (project_id) values ($1)', null, 1, true);
    expect(writes()).toBe(0);
    track('update images set popularity = 1 where id = $1', 'UPDATE', 1);
    track('commit', null, 0, true);
    expect(writes()).toBe(2);
  });

  it('counts a script without parameters that names a followed table (migrations, imports)', () => {
    const { track, writes } = tracker();
    track('alter table images add column x int; update images set x = 1', 'UPDATE', 0);
    expect(writes()).toBe(1);
  });
});
