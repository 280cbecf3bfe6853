import { randomBytes } from 'node:crypto';
import {
  COMMERCE_MESSAGES,
  DEFAULT_WORKSPACE_NAME,
  EXTERNAL_SOURCES,
  GUEST_CART_NAME,
  PROJECT_TOKEN_PATTERN,
  SIDE_LIMITS_IN,
  availableSizes,
  customSizesAllowed,
  priceCents,
  projectTotals,
  sizeLabel,
  type AddItemResponse,
  type Cart,
  type CartItem,
  type OrderRef,
  type Page as ContractPage,
  type PriceTier,
  type ProjectListEntry,
  type SizeValue,
  type Substrate,
  type Workspace,
} from '@atelier/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, fieldError, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/urls';
import type { SignedInViewer } from '../../plugins/auth';
import type { Viewer } from '../../plugins/viewer';
import { isValidEmail, normalizeEmail } from '../auth';
import type { PopularityRecorder } from '../popularity';
import {
  createProjectRepository,
  inTransaction,
  type ImageRow,
  type ItemRow,
  type OrderRow,
  type ProfileOwner,
  type ProjectRepository,
  type ProjectRow,
  type WorkspaceRow,
} from './repository';

const MAX_ID = 2_147_483_647;
const INVALID_EMAIL = 'Enter a valid email address.';
const INVALID_PAGE = 'Invalid page.';

/** DRF's PrimaryKeyRelatedField message for an id that names nothing. */
const invalidPk = (id: number): string => `Invalid pk "${id}" - object does not exist.`;

/** A new project token: 32 url-safe characters (192 random bits). */
const newProjectToken = (): string => randomBytes(24).toString('base64url');

/** A path's project reference: a token (32 url-safe characters) or a numeric id. */
export type ProjectRef = { token: string } | { id: number };

/** The path segment as a token or an id; anything else (junk, NUL, ≥ 2^31) is a 404. */
export function parseProjectRef(raw: unknown, options: { tokenOnly?: boolean } = {}): ProjectRef {
  if (typeof raw !== 'string') throw notFound();
  if (PROJECT_TOKEN_PATTERN.test(raw)) return { token: raw };
  if (!options.tokenOnly) {
    const id = parseId(raw);
    if (id !== null) return { id };
  }
  throw notFound();
}

/** A positive int4 id from a path segment, or null. */
export function parseId(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= MAX_ID ? id : null;
}

/**
 * Who may reach a project: a guest's cart by its token alone; a user's project by its owner
 * or staff; a numeric id always needs the owner or staff.
 */
function canReach(project: ProjectRow, ref: ProjectRef, viewer: Viewer): boolean {
  const ownerOrStaff =
    viewer.userId !== null && (project.owner_id === viewer.userId || viewer.isStaff);
  if ('id' in ref) return ownerOrStaff;
  return project.owner_id === null || ownerOrStaff;
}

const tierOf = (price: number): PriceTier =>
  price === 2 || price === 3 || price === 4 ? price : 1;

const round2 = (value: number): number => Math.round(value * 100) / 100;

export interface Placement {
  width: number;
  height: number;
  custom: boolean;
  unitPrice: number;
}

/**
 * Where a print of `image` may go: the substrate must be one the picture takes; a standard
 * size (one of its sizes made on that substrate) or else a custom one, which needs a
 * signed-in viewer, an internal image and neither mural nor window film. Sides are rounded
 * to 2 decimals and must be 0.1–1000 inches. The price is always the server's.
 */
function placePrint(
  image: Pick<ImageRow, 'max_width' | 'max_height' | 'price' | 'source' | 'substrates'>,
  substrate: Substrate,
  size: SizeValue,
  viewer: Viewer,
): Placement {
  if (!image.substrates.includes(substrate)) {
    throw fieldError('substrate', COMMERCE_MESSAGES.substrateNotOffered);
  }
  const width = round2(size.w);
  const height = round2(size.h);
  const inRange = (side: number) =>
    Number.isFinite(side) && side >= SIDE_LIMITS_IN.min && side <= SIDE_LIMITS_IN.max;
  if (!inRange(width) || !inRange(height)) {
    throw fieldError('size', COMMERCE_MESSAGES.sideRange);
  }
  const tier = tierOf(image.price);
  const standard = availableSizes(image.max_width, image.max_height, tier).sizes.some(
    (option) =>
      option.value.w === width &&
      option.value.h === height &&
      option.prices[substrate] !== undefined,
  );
  if (!standard) {
    const external = (EXTERNAL_SOURCES as readonly string[]).includes(image.source);
    const allowed = customSizesAllowed({
      hasProfile: viewer.userId !== null,
      // External stock images come in their preset sizes only.
      substrateSizes: external ? [image.source] : [],
      substrate,
    });
    if (!allowed) throw fieldError('size', COMMERCE_MESSAGES.customSizeNotAllowed);
  }
  return {
    width,
    height,
    custom: !standard,
    unitPrice: priceCents(substrate, { w: width, h: height }, tier),
  };
}

const iso = (date: Date): string => date.toISOString();

const orderRefOf = (row: OrderRow | undefined): OrderRef | null =>
  row
    ? { id: row.token, order_id: row.order_id, status: row.status, created: iso(row.created) }
    : null;

const toWorkspace = (row: WorkspaceRow): Workspace => ({
  id: row.id,
  label: `${row.project_name} / ${row.name}`,
  project: { id: row.project_id, name: row.project_name, token: row.project_token },
  name: row.name,
});

/** The customize page of an item: the main site's URL plus art/design/{id} (SPEC §9). */
function customizeUrl(origin: string, itemId: number): string {
  const path = `/art/design/${itemId}`;
  try {
    return new URL(path, origin).toString();
  } catch {
    // An origin from a Host header no URL can hold (`a b`): the path still works as a link.
    return path;
  }
}

function toCartItem(row: ItemRow, origin: string): CartItem {
  const width = Number(row.width);
  const height = Number(row.height);
  return {
    id: row.id,
    name: row.title,
    quantity: row.quantity,
    unit_price: row.unit_price,
    line_total: row.unit_price * row.quantity,
    imgsrc: mediaUrl(row.master_path),
    thumb: mediaUrl(row.thumb_path),
    config: { artist: row.artist, width, height, substrate: row.substrate as Substrate },
    size_label: `${sizeLabel({ w: width, h: height })}${row.custom ? ' (Custom)' : ''}`,
    custom: row.custom,
    image: {
      id: row.image_id,
      max_width: row.max_width,
      max_height: row.max_height,
      price: row.price,
    },
    workspace:
      row.workspace_id !== null && row.workspace_name !== null
        ? { id: row.workspace_id, name: row.workspace_name }
        : null,
    location: row.location,
    customize_url: customizeUrl(origin, row.id),
  };
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

/** A page before the route adds its `next`/`previous` links. */
type Page<T> = Pick<ContractPage<T>, 'count' | 'results'>;

const offsetOf = (page: PageQuery): number => (page.page - 1) * page.pageSize;

/** DRF's PageNumberPagination: a page past the last (other than the first) is a 404. */
function checkPage(page: PageQuery, count: number): void {
  if (page.page > 1 && offsetOf(page) >= count) throw new ApiError(404, { detail: INVALID_PAGE });
}

export interface AddItemInput {
  imagedata: number | { id: number };
  size: SizeValue;
  substrate: Substrate;
  action: 'add' | 'open';
  workspace_id?: number | null | undefined;
  quantity: number;
  location?: string | undefined;
}

export interface UpdateItemInput {
  quantity?: number | undefined;
  size?: SizeValue | undefined;
  substrate?: Substrate | undefined;
  workspace_id?: number | null | undefined;
  location?: string | undefined;
}

export function createProjectService(db: Kysely<DB>, popularity: PopularityRecorder) {
  const repository = createProjectRepository(db);

  const ordered = (): ApiError => new ApiError(409, { detail: COMMERCE_MESSAGES.ordered });

  const find = (repo: ProjectRepository, ref: ProjectRef) =>
    'token' in ref ? repo.byToken(ref.token) : repo.byId(ref.id);

  /** The project `ref` names, if `viewer` may reach it; else 404. */
  const resolve = async (ref: ProjectRef, viewer: Viewer): Promise<ProjectRow> => {
    const project = await find(repository, ref);
    if (!project || !canReach(project, ref, viewer)) throw notFound();
    return project;
  };

  /** Runs a change in a transaction holding the project's row; 409 once it is ordered. */
  const change = <T>(projectId: number, work: (repo: ProjectRepository) => Promise<T>) =>
    inTransaction(db, async (repo) => {
      // The touch takes the project's row lock, on which the adds, changes and checkout of
      // one project queue; the order is read after it, in a snapshot that sees a checkout
      // that committed meanwhile.
      await repo.touch(projectId);
      if (await repo.order(projectId)) throw ordered();
      return work(repo);
    });

  const label = (project: ProjectRow): string =>
    project.owner_id === null && project.guest_email !== null
      ? `${project.name} (${project.guest_email})`
      : project.name;

  const cart = async (project: ProjectRow): Promise<Cart> => {
    const [workspaces, lines, order] = await Promise.all([
      repository.workspacesOf(project.id),
      repository.totalsLines(project.id),
      repository.order(project.id),
    ]);
    const totals = projectTotals(
      lines.map((line) => ({
        width: Number(line.width),
        height: Number(line.height),
        substrate: line.substrate as Substrate,
        quantity: line.quantity,
        unitPrice: line.unit_price,
      })),
    );
    return {
      ...totals,
      token: project.token,
      project: { id: project.id, name: project.name, label: label(project) },
      owner: project.owner_uuid,
      guest_email: project.owner_id === null ? project.guest_email : null,
      workspaces: workspaces.map(toWorkspace),
      created: iso(project.created),
      latest_order: orderRefOf(order),
    };
  };

  const reload = async (id: number): Promise<ProjectRow> => {
    const project = await repository.byId(id);
    if (!project) throw notFound();
    return project;
  };

  const item = async (projectId: number, itemId: number, origin: string): Promise<CartItem> => {
    const [row] = await repository.items(projectId, { itemId });
    if (!row) throw notFound();
    return toCartItem(row, origin);
  };

  const workspaceFor = async (
    repo: ProjectRepository,
    projectId: number,
    workspaceId: number,
  ): Promise<WorkspaceRow> => {
    const found = workspaceId <= MAX_ID ? await repo.workspace(projectId, workspaceId) : undefined;
    if (!found) throw fieldError('workspace_id', COMMERCE_MESSAGES.workspaceNotFound);
    return found;
  };

  const listEntries = async (
    filter: { ownerId: number | null; searchEmails: boolean; search: string | undefined },
    page: PageQuery,
  ): Promise<Page<ProjectListEntry>> => {
    const { count, rows } = await repository.list({
      ...filter,
      limit: page.pageSize,
      offset: offsetOf(page),
    });
    checkPage(page, count);
    return {
      count,
      results: rows.map((row) => ({
        token: row.token,
        project: { id: row.id, name: row.name },
        created: iso(row.created),
        quantity: row.quantity,
        latest_order:
          row.order_token !== null &&
          row.order_number !== null &&
          row.order_status !== null &&
          row.order_created !== null
            ? {
                id: row.order_token,
                order_id: row.order_number,
                status: row.order_status,
                created: iso(row.order_created),
              }
            : null,
      })),
    };
  };

  return {
    resolve,

    /** For write routes, before their body is read: 404 unless reachable, 409 once ordered. */
    async writable(ref: ProjectRef, viewer: Viewer): Promise<ProjectRow> {
      const project = await resolve(ref, viewer);
      if (project.ordered) throw ordered();
      return project;
    },

    cart,

    /**
     * A new project. A guest gives a valid email (a guest cart of their browser session,
     * made by `session()` when there is none); a signed-in user's project is theirs. The
     * creator's profile points at it.
     */
    async create(
      viewer: Viewer,
      body: { cart_email?: string | null | undefined; name?: string | null | undefined },
      session: () => Promise<string>,
    ): Promise<Cart> {
      if (viewer.userId !== null) {
        const ownerId = viewer.userId;
        const wanted = body.name?.trim();
        const id = await inTransaction(db, async (repo) => {
          const name = wanted || `Project ${(await repo.countOwnedBy(ownerId)) + 1}`;
          return repo.insert({
            token: newProjectToken(),
            name,
            owner_id: ownerId,
            guest_email: null,
            session_id: null,
            workspace: DEFAULT_WORKSPACE_NAME,
          });
        });
        await repository.setCurrent({ userId: ownerId }, id, DEFAULT_WORKSPACE_NAME);
        return cart(await reload(id));
      }
      const email = normalizeEmail(body.cart_email ?? '');
      if (email === '') throw fieldError('cart_email', COMMERCE_MESSAGES.emailRequiredForGuest);
      if (!isValidEmail(email)) throw fieldError('cart_email', INVALID_EMAIL);
      const sessionId = await session();
      const id = await inTransaction(db, (repo) =>
        repo.insert({
          token: newProjectToken(),
          name: GUEST_CART_NAME,
          owner_id: null,
          guest_email: email,
          session_id: sessionId,
          workspace: DEFAULT_WORKSPACE_NAME,
        }),
      );
      await repository.setCurrent({ sessionId }, id, DEFAULT_WORKSPACE_NAME);
      return cart(await reload(id));
    },

    async items(
      project: ProjectRow,
      query: PageQuery & { quantityAbove: number | null },
      origin: string,
    ): Promise<Page<CartItem>> {
      const [count, rows] = await Promise.all([
        repository.countItems(project.id, query.quantityAbove),
        repository.items(project.id, {
          quantityAbove: query.quantityAbove,
          limit: query.pageSize,
          offset: offsetOf(query),
        }),
      ]);
      checkPage(query, count);
      return { count, results: rows.map((row) => toCartItem(row, origin)) };
    },

    /**
     * Adds a print: the server prices it; quantity and location are staff's to set. The
     * viewer's profile follows the project and workspace; the image becomes more popular.
     */
    async addItem(
      project: ProjectRow,
      viewer: Viewer,
      profile: ProfileOwner | null,
      body: AddItemInput,
      origin: string,
    ): Promise<AddItemResponse> {
      const imageId = typeof body.imagedata === 'number' ? body.imagedata : body.imagedata.id;
      const image = imageId <= MAX_ID ? await repository.image(imageId) : undefined;
      if (!image) throw fieldError('imagedata', invalidPk(imageId));
      if (!image.published && !viewer.isStaff) {
        throw fieldError('imagedata', COMMERCE_MESSAGES.unpublished);
      }
      const placed = placePrint(image, body.substrate, body.size, viewer);
      const workspace =
        body.workspace_id !== undefined && body.workspace_id !== null
          ? await workspaceFor(repository, project.id, body.workspace_id)
          : null;
      // An add raises popularity once a day per visitor and image (the follow-up
      // {"popular": true} of SPEC §4 then counts nothing more): adding and removing a print
      // again and again cannot push an image up the popular sort.
      const bumper = !profile
        ? `p:${project.id}`
        : 'userId' in profile
          ? `u:${profile.userId}`
          : `s:${profile.sessionId}`;
      const added = await repository.addItem({
        projectId: project.id,
        imageId: image.id,
        workspace,
        values: {
          width: placed.width,
          height: placed.height,
          substrate: body.substrate,
          custom: placed.custom,
          quantity: viewer.isStaff ? body.quantity : 1,
          unit_price: placed.unitPrice,
          location: viewer.isStaff ? (body.location ?? '').trim() : '',
        },
        profile,
        bumper,
        defaultWorkspaceName: DEFAULT_WORKSPACE_NAME,
      });
      if (!added) throw ordered();
      if (added.bumped) popularity.record(image.id, 1);
      return {
        ...toCartItem(added.item, origin),
        action: body.action,
        project_token: project.token,
      };
    },

    /** Changes an item; a new size or substrate is checked and priced as an add is. */
    async updateItem(
      project: ProjectRow,
      itemId: number,
      viewer: Viewer,
      body: UpdateItemInput,
      origin: string,
    ): Promise<CartItem> {
      const [row] = await repository.items(project.id, { itemId });
      if (!row) throw notFound();
      const substrate = body.substrate ?? (row.substrate as Substrate);
      let width = Number(row.width);
      let height = Number(row.height);
      let custom = row.custom;
      let unitPrice = priceCents(substrate, { w: width, h: height }, tierOf(row.price));
      if (body.size !== undefined || body.substrate !== undefined) {
        const image = await repository.image(row.image_id);
        if (!image) throw notFound();
        const placed = placePrint(image, substrate, body.size ?? { w: width, h: height }, viewer);
        ({ width, height, custom, unitPrice } = placed);
      }
      await change(project.id, async (repo) => {
        let workspaceId = row.workspace_id;
        if (body.workspace_id === null) workspaceId = null;
        else if (body.workspace_id !== undefined) {
          workspaceId = (await workspaceFor(repo, project.id, body.workspace_id)).id;
        }
        await repo.updateItem(project.id, itemId, {
          workspace_id: workspaceId,
          width,
          height,
          substrate,
          custom,
          quantity: body.quantity ?? row.quantity,
          unit_price: unitPrice,
          location:
            viewer.isStaff && body.location !== undefined ? body.location.trim() : row.location,
        });
      });
      return item(project.id, itemId, origin);
    },

    async deleteItem(project: ProjectRow, itemId: number): Promise<void> {
      const deleted = await change(project.id, (repo) => repo.deleteItem(project.id, itemId));
      if (!deleted) throw notFound();
    },

    /**
     * Moves a guest's cart into the viewer's projects ('Project N'; the guest's email and
     * session stay for history). Their own project: nothing to do. Another user's: 404.
     */
    async migrate(token: string, viewer: SignedInViewer): Promise<Cart> {
      const found = await repository.byToken(token);
      if (!found || (found.owner_id !== null && found.owner_id !== viewer.userId)) {
        throw notFound();
      }
      if (found.owner_id === null) {
        await inTransaction(db, async (repo) => {
          await repo.lock(found.id);
          const now = await repo.byId(found.id);
          if (!now || (now.owner_id !== null && now.owner_id !== viewer.userId)) throw notFound();
          if (now.owner_id === viewer.userId) return;
          if (await repo.order(found.id)) throw ordered();
          const name = `Project ${(await repo.countOwnedBy(viewer.userId)) + 1}`;
          await repo.adopt(found.id, viewer.userId, name);
        });
      }
      await repository.setCurrent({ userId: viewer.userId }, found.id, DEFAULT_WORKSPACE_NAME);
      return cart(await reload(found.id));
    },

    /** The viewer's own projects, newest first (staff too). */
    list(viewer: SignedInViewer, search: string | undefined, page: PageQuery) {
      return listEntries({ ownerId: viewer.userId, searchEmails: false, search }, page);
    },

    /** The typeahead: the viewer's projects; for staff every project (emails searched too). */
    typeahead(viewer: SignedInViewer, search: string | undefined, page: PageQuery) {
      return listEntries(
        {
          ownerId: viewer.isStaff ? null : viewer.userId,
          searchEmails: viewer.isStaff,
          search,
        },
        page,
      );
    },

    async workspaces(
      viewer: SignedInViewer,
      search: string | undefined,
      pageSize: number,
    ): Promise<{ count: number; results: Workspace[] }> {
      const { count, rows } = await repository.listWorkspaces({
        ownerId: viewer.userId,
        search,
        limit: pageSize,
      });
      return { count, results: rows.map(toWorkspace) };
    },
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
