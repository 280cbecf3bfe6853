import {
  CART_ITEMS_PAGE_SIZE,
  LOCATION_MAX_LENGTH,
  PROJECT_LIST_PAGE_SIZE,
  TYPEAHEAD_PAGE_SIZE,
  PROJECT_NAME_MAX_LENGTH,
  QUANTITY_MAX,
  addItemRequest,
  addItemResponse,
  authError,
  cart,
  cartItem,
  detailError,
  pageOf,
  projectListEntry,
  updateItemRequest,
  validationError,
  workspacePage,
} from '@atelier/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { atLeast, boundedInteger } from '../../lib/query';
import { linkTo, originOf } from '../../lib/urls';
import { guestSessionOf, requireUser, sessionOf } from '../../plugins/auth';
import { EMAIL_MAX_LENGTH } from '../auth';
import type { ProfileOwner, ProjectRow } from './repository';
import {
  parseId,
  parseProjectRef,
  type PageQuery,
  type ProjectRef,
  type ProjectService,
} from './service';

/** DRF CharField's message for a string holding U+0000 (PostgreSQL text cannot). */
const NUL_MESSAGE = 'Null characters are not allowed.';
const withoutNul = (value: string) => !value.includes('\u0000');

const text = (max: number) => z.string().max(max).refine(withoutNul, { error: NUL_MESSAGE });

/** SPEC §9 page sizes: the default, and DRF's max_page_size (larger sizes are clamped). */
const PAGE_SIZES = {
  projects: PROJECT_LIST_PAGE_SIZE,
  items: CART_ITEMS_PAGE_SIZE,
  typeahead: TYPEAHEAD_PAGE_SIZE,
  max: 100,
} as const;
const MAX_PAGE = 1_000_000;

const pageSize = (fallback: number) =>
  atLeast(1)
    .optional()
    .transform((value) => Math.min(value ?? fallback, PAGE_SIZES.max));
const page = boundedInteger(1, MAX_PAGE).default(1);
const search = text(200)
  .trim()
  .optional()
  .transform((value) => value || undefined)
  .describe('Part of the name, or the id (myprojects for staff: owner or guest email too)');

const createBody = z.object({
  cart_email: text(EMAIL_MAX_LENGTH).nullish(),
  name: text(PROJECT_NAME_MAX_LENGTH).nullish(),
});
const location = text(LOCATION_MAX_LENGTH).optional();
const addBody = addItemRequest.extend({ location });
const updateBody = updateItemRequest.extend({ location });

/**
 * Field errors (a nested object's by its fields: `{"size": {"w": [...]}}`), or `{detail}`
 * for a body that is not JSON at all.
 */
const badRequest = z.union([
  validationError,
  detailError,
  z.record(z.string(), z.union([z.array(z.string()), validationError])),
]);

const refParams = z.object({ ref: z.string().describe('The project token, or its id') });
const tokenParams = z.object({ ref: z.string().describe('The project token') });
const itemParams = tokenParams.extend({ itemId: z.string().describe('The item id') });

/** DRF's PageNumberPagination links: the request URL with `page` replaced (none for 1). */
function pageNumberLinks(request: FastifyRequest, count: number, query: PageQuery) {
  const link = (n: number): string =>
    linkTo(request, request.url, (url) => {
      if (n <= 1) url.searchParams.delete('page');
      else url.searchParams.set('page', String(n));
    });
  const last = Math.max(1, Math.ceil(count / query.pageSize));
  return {
    next: query.page < last ? link(query.page + 1) : null,
    previous: query.page > 1 ? link(Math.min(query.page - 1, last)) : null,
  };
}

export const projectRoutes: FastifyPluginAsyncZod<{
  projects: ProjectService;
  publicUrl: string | undefined;
}> = async (app, { projects, publicUrl }) => {
  const origin = (request: FastifyRequest) => publicUrl ?? originOf(request);
  const resolved = new WeakMap<FastifyRequest, ProjectRow>();

  const refOf = (request: FastifyRequest, tokenOnly: boolean): ProjectRef =>
    parseProjectRef((request.params as { ref?: unknown }).ref, { tokenOnly });

  /** As DRF: the object and its permission (404), then for changes 409, then the body. */
  const readGuard = async (request: FastifyRequest) => {
    resolved.set(request, await projects.resolve(refOf(request, false), request.viewer));
  };
  const writeGuard = async (request: FastifyRequest) => {
    emptyBody(request);
    const ref = refOf(request, true);
    const itemId = (request.params as { itemId?: unknown }).itemId;
    if (itemId !== undefined && parseId(itemId) === null) throw notFound();
    resolved.set(request, await projects.writable(ref, request.viewer));
  };
  const projectOf = (request: FastifyRequest): ProjectRow => {
    const project = resolved.get(request);
    if (!project) throw notFound();
    return project;
  };
  const itemIdOf = (request: FastifyRequest): number => {
    const id = parseId((request.params as { itemId?: unknown }).itemId);
    if (id === null) throw notFound();
    return id;
  };
  /** A body-less POST or PATCH means no fields, as DRF reads it. */
  const emptyBody = (request: FastifyRequest) => {
    request.body ??= {};
  };
  const signedIn = async (request: FastifyRequest) => {
    requireUser(request);
  };

  /** The profile an add points at the project: the user's, or the guest session's. */
  const profileOwner = async (request: FastifyRequest): Promise<ProfileOwner | null> => {
    if (request.viewer.userId !== null) return { userId: request.viewer.userId };
    const session = await sessionOf(request);
    return session && session.user === null ? { sessionId: session.id } : null;
  };

  /** A guest cart is what first needs a guest's session: it is made here, not on a read. */
  const guestSession = async (request: FastifyRequest, reply: FastifyReply): Promise<string> =>
    (await guestSessionOf(request, reply)).id;

  const projectPage = pageOf(projectListEntry);
  const tags = ['projects'];

  app.post(
    '/api/v2/projects/',
    {
      config: { access: 'session' },
      preValidation: async (request) => emptyBody(request),
      schema: {
        summary: 'Create a project: a guest gives cart_email (a guest cart), a user may name it',
        description:
          "A guest's first cart starts their browser session (the cookie); too many new " +
          'sessions from one address in a minute: 429.',
        tags,
        body: createBody,
        response: { 201: cart, 400: badRequest, 401: authError, 429: detailError },
      },
    },
    async (request, reply) => {
      if (request.auth.inactive) requireUser(request);
      const created = await projects.create(request.viewer, request.body, () =>
        guestSession(request, reply),
      );
      reply.header('cache-control', 'no-store');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/v2/projects/',
    {
      config: { access: 'user' },
      preValidation: signedIn,
      schema: {
        summary: "The signed-in user's projects, newest first (limit=1: the most recent)",
        tags,
        querystring: z.object({
          page,
          page_size: pageSize(PAGE_SIZES.projects),
          limit: atLeast(1).optional().describe('Same as page_size'),
          search,
        }),
        response: { 200: projectPage, 400: badRequest, 401: authError, 404: detailError },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const { limit } = request.query;
      const query = {
        page: request.query.page,
        pageSize: limit !== undefined ? Math.min(limit, PAGE_SIZES.max) : request.query.page_size,
      };
      const found = await projects.list(viewer, request.query.search, query);
      reply.header('cache-control', 'no-store');
      return { ...pageNumberLinks(request, found.count, query), ...found };
    },
  );

  app.get(
    '/api/v2/projects/:ref/',
    {
      config: { access: 'owner' },
      preValidation: readGuard,
      schema: {
        summary: 'A project (cart) with its totals',
        description:
          "A guest's cart is reached by its token alone; a user's project needs its owner or " +
          'staff, and an id always does. Otherwise 404.',
        tags,
        params: refParams,
        response: { 200: cart, 404: detailError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return projects.cart(projectOf(request));
    },
  );

  app.get(
    '/api/v2/projects/:ref/items/',
    {
      config: { access: 'owner' },
      preValidation: readGuard,
      schema: {
        summary: "A project's items, in the order they were added",
        tags,
        params: refParams,
        querystring: z.object({
          quantity__gt: boundedInteger(-1, QUANTITY_MAX)
            .optional()
            .describe('Only items with a greater quantity (0: the ones shown in the cart)'),
          page,
          page_size: pageSize(PAGE_SIZES.items),
        }),
        response: { 200: pageOf(cartItem), 400: badRequest, 404: detailError },
      },
    },
    async (request, reply) => {
      const query = { page: request.query.page, pageSize: request.query.page_size };
      const found = await projects.items(
        projectOf(request),
        { ...query, quantityAbove: request.query.quantity__gt ?? null },
        origin(request),
      );
      reply.header('cache-control', 'no-store');
      return { ...pageNumberLinks(request, found.count, query), ...found };
    },
  );

  app.post(
    '/api/v2/projects/:ref/items/',
    {
      config: { access: 'owner' },
      preValidation: writeGuard,
      schema: {
        summary: 'Add a print to a project (the server prices it)',
        description:
          'Any price in the body is ignored. quantity and location are honoured for staff ' +
          'only. 409 once the project is ordered.',
        tags,
        params: tokenParams,
        body: addBody,
        response: {
          201: addItemResponse,
          400: badRequest,
          404: detailError,
          409: detailError,
        },
      },
    },
    async (request, reply) => {
      const added = await projects.addItem(
        projectOf(request),
        request.viewer,
        await profileOwner(request),
        request.body,
        origin(request),
      );
      return reply.code(201).send(added);
    },
  );

  app.patch(
    '/api/v2/projects/:ref/items/:itemId/',
    {
      config: { access: 'owner' },
      preValidation: writeGuard,
      schema: {
        summary: 'Change an item (quantity 0 hides it; a new size or substrate is re-priced)',
        tags,
        params: itemParams,
        body: updateBody,
        response: { 200: cartItem, 400: badRequest, 404: detailError, 409: detailError },
      },
    },
    async (request) =>
      projects.updateItem(
        projectOf(request),
        itemIdOf(request),
        request.viewer,
        request.body,
        origin(request),
      ),
  );

  app.delete(
    '/api/v2/projects/:ref/items/:itemId/',
    {
      config: { access: 'owner' },
      preValidation: writeGuard,
      schema: {
        summary: 'Remove an item',
        tags,
        params: itemParams,
        response: { 204: z.null().describe('No content'), 404: detailError, 409: detailError },
      },
    },
    async (request, reply) => {
      await projects.deleteItem(projectOf(request), itemIdOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2/projects/:ref/migrate-cart/',
    {
      config: { access: 'owner' },
      preValidation: async (request) => {
        requireUser(request);
        refOf(request, true);
      },
      schema: {
        summary: "Move a guest's cart into the signed-in user's projects",
        description: 'Their own project: nothing to do. Another user’s: 404. Ordered: 409.',
        tags,
        params: tokenParams,
        response: { 200: cart, 401: authError, 404: detailError, 409: detailError },
      },
    },
    async (request, reply) => {
      const ref = refOf(request, true);
      if (!('token' in ref)) throw notFound();
      reply.header('cache-control', 'no-store');
      return projects.migrate(ref.token, requireUser(request));
    },
  );

  app.get(
    '/api/v2/myprojects/',
    {
      config: { access: 'user' },
      preValidation: signedIn,
      schema: {
        summary: "Projects typeahead: the user's projects; for staff every customer's",
        tags,
        querystring: z.object({ search, page, page_size: pageSize(PAGE_SIZES.typeahead) }),
        response: { 200: projectPage, 400: badRequest, 401: authError, 404: detailError },
      },
    },
    async (request, reply) => {
      const query = { page: request.query.page, pageSize: request.query.page_size };
      const found = await projects.typeahead(requireUser(request), request.query.search, query);
      reply.header('cache-control', 'no-store');
      return { ...pageNumberLinks(request, found.count, query), ...found };
    },
  );

  app.get(
    '/api/v2/myworkspaces/',
    {
      config: { access: 'user' },
      preValidation: signedIn,
      schema: {
        summary: "Workspaces of the user's projects ('Project / Workspace'), newest project first",
        tags,
        querystring: z.object({ search, page_size: pageSize(PAGE_SIZES.typeahead) }),
        response: { 200: workspacePage, 400: badRequest, 401: authError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return projects.workspaces(
        requireUser(request),
        request.query.search,
        request.query.page_size,
      );
    },
  );
};
