import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB, OrderStatus } from '../../db/schema';

/** A project as the rules need it, with its owner's uuid (null for a guest's cart). */
export interface ProjectRow {
  id: number;
  token: string;
  name: string;
  owner_id: number | null;
  owner_uuid: string | null;
  guest_email: string | null;
  session_id: string | null;
  created: Date;
  /** It has an order: it can no longer change. */
  ordered: boolean;
}

export interface WorkspaceRow {
  id: number;
  project_id: number;
  name: string;
  project_name: string;
  project_token: string;
}

export interface ItemRow {
  id: number;
  project_id: number;
  workspace_id: number | null;
  workspace_name: string | null;
  image_id: number;
  width: string;
  height: string;
  substrate: string;
  custom: boolean;
  quantity: number;
  unit_price: number;
  location: string;
  title: string;
  artist: string;
  master_path: string;
  thumb_path: string;
  max_width: number;
  max_height: number;
  price: number;
}

export interface ImageRow {
  id: number;
  title: string;
  source: string;
  published: boolean;
  max_width: number;
  max_height: number;
  price: number;
  substrates: string[];
}

export interface OrderRow {
  token: string;
  order_id: number;
  status: OrderStatus;
  created: Date;
}

export interface ProjectListRow {
  id: number;
  token: string;
  name: string;
  created: Date;
  quantity: number;
  order_token: string | null;
  order_number: number | null;
  order_status: OrderStatus | null;
  order_created: Date | null;
}

export interface ItemValues {
  workspace_id: number | null;
  width: number;
  height: number;
  substrate: string;
  custom: boolean;
  quantity: number;
  unit_price: number;
  location: string;
}

/** Who a profile belongs to: a user, or a guest's browser session. */
export type ProfileOwner = { userId: number } | { sessionId: string };

/** `%text%` for ILIKE, with LIKE's wildcards taken literally. */
const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const MAX_ID = 2_147_483_647;
/** A search that is a whole number names a project id too. */
const idOf = (search: string): number | null =>
  /^\d{1,10}$/.test(search) && Number(search) <= MAX_ID && Number(search) > 0
    ? Number(search)
    : null;

export interface ProjectListFilter {
  /** Only this user's projects; null: every project (staff typeahead). */
  ownerId: number | null;
  search: string | undefined;
  /** Search owner and guest emails too (staff typeahead). */
  searchEmails: boolean;
  limit: number;
  offset: number;
}

export function createProjectRepository(db: Kysely<DB> | Transaction<DB>) {
  const projects = () =>
    db
      .selectFrom('projects as p')
      .leftJoin('users as u', 'u.id', 'p.owner_id')
      .select([
        'p.id',
        'p.token',
        'p.name',
        'p.owner_id',
        sql<string | null>`u.uuid::text`.as('owner_uuid'),
        'p.guest_email',
        'p.session_id',
        'p.created',
        'p.ordered',
      ]);

  /** A project's workspaces, with what a Workspace answer says of their project. */
  const workspaces = (projectId: number) =>
    db
      .selectFrom('workspaces as w')
      .innerJoin('projects as p', 'p.id', 'w.project_id')
      .select([
        'w.id',
        'w.project_id',
        'w.name',
        'p.name as project_name',
        'p.token as project_token',
      ])
      .where('w.project_id', '=', projectId);

  const listFilter = (filter: ProjectListFilter) => {
    let query = db.selectFrom('projects as p').leftJoin('users as u', 'u.id', 'p.owner_id');
    if (filter.ownerId !== null) query = query.where('p.owner_id', '=', filter.ownerId);
    const search = filter.search;
    if (search) {
      const like = containing(search);
      const id = idOf(search);
      query = query.where((eb) =>
        eb.or([
          eb('p.name', 'ilike', like),
          ...(id !== null ? [eb('p.id', '=', id)] : []),
          ...(filter.searchEmails
            ? [eb('u.email', 'ilike', like), eb('p.guest_email', 'ilike', like)]
            : []),
        ]),
      );
    }
    return query;
  };

  return {
    async byToken(token: string): Promise<ProjectRow | undefined> {
      return projects().where('p.token', '=', token).executeTakeFirst();
    },

    async byId(id: number): Promise<ProjectRow | undefined> {
      return projects().where('p.id', '=', id).executeTakeFirst();
    },

    /** Locks the project's row for the rest of the transaction (changes versus checkout). */
    async lock(id: number): Promise<void> {
      await db.selectFrom('projects').select('id').where('id', '=', id).forUpdate().execute();
    },

    async countOwnedBy(ownerId: number): Promise<number> {
      const row = await db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('owner_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async insert(values: {
      token: string;
      name: string;
      owner_id: number | null;
      guest_email: string | null;
      session_id: string | null;
      workspace: string;
    }): Promise<number> {
      const { workspace, ...project } = values;
      const { id } = await db
        .insertInto('projects')
        .values(project)
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('workspaces').values({ project_id: id, name: workspace }).execute();
      return id;
    },

    async adopt(id: number, ownerId: number, name: string): Promise<void> {
      await db
        .updateTable('projects')
        .set({ owner_id: ownerId, name, modified: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async touch(id: number): Promise<void> {
      await db
        .updateTable('projects')
        .set({ modified: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    async order(projectId: number): Promise<OrderRow | undefined> {
      return db
        .selectFrom('orders')
        .select(['token', 'order_id', 'status', 'created'])
        .where('project_id', '=', projectId)
        .executeTakeFirst();
    },

    async workspacesOf(projectId: number): Promise<WorkspaceRow[]> {
      return workspaces(projectId).orderBy('w.id').execute();
    },

    async workspace(projectId: number, workspaceId: number): Promise<WorkspaceRow | undefined> {
      return workspaces(projectId).where('w.id', '=', workspaceId).executeTakeFirst();
    },

    async image(id: number): Promise<ImageRow | undefined> {
      return db
        .selectFrom('images')
        .select([
          'id',
          'title',
          'source',
          'published',
          'max_width',
          'max_height',
          'price',
          'substrates',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Items in insertion order; `quantityAbove`: only those with a greater quantity. */
    async items(
      projectId: number,
      page: { quantityAbove: number | null; limit: number; offset: number } | { itemId: number },
    ): Promise<ItemRow[]> {
      let query = db
        .selectFrom('project_items as pi')
        .innerJoin('images as i', 'i.id', 'pi.image_id')
        .innerJoin('artists as a', 'a.id', 'i.artist_id')
        .leftJoin('workspaces as w', 'w.id', 'pi.workspace_id')
        .select([
          'pi.id',
          'pi.project_id',
          'pi.workspace_id',
          'w.name as workspace_name',
          'pi.image_id',
          'pi.width',
          'pi.height',
          'pi.substrate',
          'pi.custom',
          'pi.quantity',
          'pi.unit_price',
          'pi.location',
          'i.title',
          'a.name as artist',
          'i.master_path',
          'i.thumb_path',
          'i.max_width',
          'i.max_height',
          'i.price',
        ])
        .where('pi.project_id', '=', projectId);
      if ('itemId' in page) return query.where('pi.id', '=', page.itemId).execute();
      if (page.quantityAbove !== null) query = query.where('pi.quantity', '>', page.quantityAbove);
      return query.orderBy('pi.id').limit(page.limit).offset(page.offset).execute();
    },

    async countItems(projectId: number, quantityAbove: number | null): Promise<number> {
      let query = db
        .selectFrom('project_items')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('project_id', '=', projectId);
      if (quantityAbove !== null) query = query.where('quantity', '>', quantityAbove);
      return Number((await query.executeTakeFirstOrThrow()).n);
    },

    /** What the totals need: every item with a quantity. */
    async totalsLines(projectId: number) {
      return db
        .selectFrom('project_items')
        .select(['width', 'height', 'substrate', 'quantity', 'unit_price'])
        .where('project_id', '=', projectId)
        .where('quantity', '>', 0)
        .orderBy('id')
        .execute();
    },

    async insertItem(projectId: number, imageId: number, values: ItemValues): Promise<number> {
      const { id } = await db
        .insertInto('project_items')
        .values({ project_id: projectId, image_id: imageId, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async updateItem(projectId: number, itemId: number, values: ItemValues): Promise<void> {
      await db
        .updateTable('project_items')
        .set({ ...values, modified: sql`now()` })
        .where('project_id', '=', projectId)
        .where('id', '=', itemId)
        .execute();
    },

    async deleteItem(projectId: number, itemId: number): Promise<boolean> {
      const result = await db
        .deleteFrom('project_items')
        .where('project_id', '=', projectId)
        .where('id', '=', itemId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Makes the profile (if need be) and points it at a project and workspace. */
    /**
     * Adds an item in one statement, atomic without a transaction: it touches the project's
     * row unless the project is ordered (taking the row lock a checkout takes too, and
     * re-reading the row after waiting for it), inserts the item into the given workspace
     * (or the project's 'Main', else its first), points `profile` at the project and that
     * workspace, and notes `bumper`'s popularity bump of the image for today. Answers the
     * item as the items query reads it and whether the bump was the first today; undefined
     * when the project is ordered (or gone). Eleven statements became one: adds are the
     * hottest write of the site (docs/performance.md, search with add-to-carts).
     */
    async addItem(args: {
      projectId: number;
      imageId: number;
      workspace: { id: number; name: string } | null;
      values: Omit<ItemValues, 'workspace_id'>;
      profile: ProfileOwner | null;
      bumper: string;
      defaultWorkspaceName: string;
    }): Promise<{ item: ItemRow; bumped: boolean } | undefined> {
      const { projectId, imageId, workspace, values, profile, bumper } = args;
      const ws = workspace
        ? sql`select ${workspace.id}::int as id, ${workspace.name}::text as name`
        : sql`select w.id, w.name from workspaces w where w.project_id = ${projectId}
              order by (w.name = ${args.defaultWorkspaceName}) desc, w.id limit 1`;
      const profileColumn = profile && ('userId' in profile ? 'user_id' : 'session_id');
      const profileCte = profile
        ? sql`, prof as (
            insert into profiles (${sql.ref(profileColumn ?? 'user_id')}, current_project_id,
              current_workspace_name)
            select ${'userId' in profile ? profile.userId : profile.sessionId}, ins.project_id,
              coalesce((select name from ws), ${args.defaultWorkspaceName})
            from ins
            on conflict (${sql.ref(profileColumn ?? 'user_id')}) do update set
              current_project_id = excluded.current_project_id,
              current_workspace_name = excluded.current_workspace_name
          )`
        : sql``;
      const { rows } = await sql<ItemRow & { bumped: boolean }>`
        with p as (
          update projects set modified = now() where id = ${projectId} and not ordered
          returning id
        ), ws as (${ws}), ins as (
          insert into project_items (project_id, image_id, workspace_id, width, height,
            substrate, custom, quantity, unit_price, location)
          select p.id, ${imageId}, (select id from ws), ${values.width}, ${values.height},
            ${values.substrate}, ${values.custom}, ${values.quantity}, ${values.unit_price},
            ${values.location}
          from p
          returning *
        )${profileCte}, bump as (
          insert into popularity_bumps (viewer, image_id)
          select ${bumper}, ins.image_id from ins
          on conflict (viewer, image_id, day) do nothing
          returning image_id
        )
        select ins.id, ins.project_id, ins.workspace_id, w.name as workspace_name,
          ins.image_id, ins.width, ins.height, ins.substrate, ins.custom, ins.quantity,
          ins.unit_price, ins.location, i.title, a.name as artist, i.master_path, i.thumb_path,
          i.max_width, i.max_height, i.price, exists (select 1 from bump) as bumped
        from ins
        join images i on i.id = ins.image_id
        join artists a on a.id = i.artist_id
        left join workspaces w on w.id = ins.workspace_id
      `.execute(db);
      const row = rows[0];
      if (!row) return undefined;
      const { bumped, ...item } = row;
      return { item: { ...item, width: String(item.width), height: String(item.height) }, bumped };
    },

    async setCurrent(owner: ProfileOwner, projectId: number, workspaceName: string) {
      const current = { current_project_id: projectId, current_workspace_name: workspaceName };
      if ('userId' in owner) {
        await db
          .insertInto('profiles')
          .values({ user_id: owner.userId, ...current })
          .onConflict((oc) => oc.column('user_id').doUpdateSet(current))
          .execute();
      } else {
        await db
          .insertInto('profiles')
          .values({ session_id: owner.sessionId, ...current })
          .onConflict((oc) => oc.column('session_id').doUpdateSet(current))
          .execute();
      }
    },

    async list(filter: ProjectListFilter): Promise<{ count: number; rows: ProjectListRow[] }> {
      const [counted, rows] = await Promise.all([
        listFilter(filter)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        listFilter(filter)
          .leftJoin('orders as o', 'o.project_id', 'p.id')
          .select((eb) => [
            'p.id',
            'p.token',
            'p.name',
            'p.created',
            eb
              .selectFrom('project_items as pi')
              .select(sql<number>`coalesce(sum(pi.quantity), 0)::int`.as('q'))
              .whereRef('pi.project_id', '=', 'p.id')
              .where('pi.quantity', '>', 0)
              .as('quantity'),
            'o.token as order_token',
            'o.order_id as order_number',
            'o.status as order_status',
            'o.created as order_created',
          ])
          .orderBy('p.created', 'desc')
          .orderBy('p.id', 'desc')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
      ]);
      return {
        count: Number(counted.n),
        rows: rows.map((row) => ({ ...row, quantity: Number(row.quantity ?? 0) })),
      };
    },

    async listWorkspaces(filter: {
      ownerId: number;
      search: string | undefined;
      limit: number;
    }): Promise<{ count: number; rows: WorkspaceRow[] }> {
      const base = () => {
        let query = db
          .selectFrom('workspaces as w')
          .innerJoin('projects as p', 'p.id', 'w.project_id')
          .where('p.owner_id', '=', filter.ownerId);
        if (filter.search) {
          const like = containing(filter.search);
          query = query.where((eb) =>
            eb.or([
              eb('p.name', 'ilike', like),
              eb('w.name', 'ilike', like),
              eb(sql<string>`p.name || ' / ' || w.name`, 'ilike', like),
            ]),
          );
        }
        return query;
      };
      const [counted, rows] = await Promise.all([
        base()
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
        base()
          .select([
            'w.id',
            'w.project_id',
            'w.name',
            'p.name as project_name',
            'p.token as project_token',
          ])
          .orderBy('p.created', 'desc')
          .orderBy('p.id', 'desc')
          .orderBy('w.id')
          .limit(filter.limit)
          .execute(),
      ]);
      return { count: Number(counted.n), rows };
    },
  };
}

export type ProjectRepository = ReturnType<typeof createProjectRepository>;

/** Runs `work` in one transaction with a repository bound to it. */
export function inTransaction<T>(
  db: Kysely<DB>,
  work: (repository: ProjectRepository) => Promise<T>,
): Promise<T> {
  return db.transaction().execute((trx) => work(createProjectRepository(trx)));
}
