import {
  COLLECTION_CHANGE_MAX_IDS,
  COLLECTION_DESCRIPTION_MAX_LENGTH,
  COLLECTION_NAME_MAX_LENGTH,
  COLLECTION_ORDERINGS,
  COLLECTIONS_MAX_LIMIT,
  authError,
  collection,
  collectionPage,
  detailError,
  optionsMetadata,
  validationError,
  type CollectionOrdering,
} from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BOOLEAN_REQUIRED, idParams, limitOffset } from '../../lib/query';
import { notFound } from '../../lib/errors';
import { pageLinks } from '../../lib/urls';
import { requireUser } from '../../plugins/auth';
import { collectionOptionsFor } from './metadata';
import { invalidPk, type CollectionService } from './service';

const REQUIRED = 'This field is required.';
const NOT_NULL = 'This field may not be null.';
const NOT_BLANK = 'This field may not be blank.';
const tooLong = (max: number) => `Ensure this field has no more than ${max} characters.`;
const MAX_ID = 2_147_483_647;

/** A DRF CharField's messages (trimmed, as DRF's trim_whitespace does). */
const text = (max: number, allowBlank: boolean) => {
  const base = z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? REQUIRED
          : issue.input === null
            ? NOT_NULL
            : 'Not a valid string.',
    })
    .trim();
  return (allowBlank ? base : base.min(1, { error: NOT_BLANK })).max(max, { error: tooLong(max) });
};

const flag = z
  .boolean({ error: (issue) => (issue.input === null ? NOT_NULL : BOOLEAN_REQUIRED) })
  .optional();

/** The collection form (SPEC §5): name required; read-only fields sent back are ignored. */
const collectionBody = z.object({
  name: text(COLLECTION_NAME_MAX_LENGTH, false),
  description: text(COLLECTION_DESCRIPTION_MAX_LENGTH, true).optional(),
  communal: flag,
  public: flag,
});
const collectionOptions = collectionOptionsFor(collectionBody);

/** Python's name of a JSON value's type, as DRF's messages give it. */
const pythonType = (value: unknown): string =>
  value === null
    ? 'NoneType'
    : Array.isArray(value)
      ? 'list'
      : typeof value === 'string'
        ? 'str'
        : typeof value === 'boolean'
          ? 'bool'
          : typeof value === 'number'
            ? 'float'
            : 'dict';

/** A list of image ids; a bad item is reported on the field, as DRF's many=True does. */
const imageIds = z
  .array(z.unknown())
  .max(COLLECTION_CHANGE_MAX_IDS)
  .transform((values, ctx): number[] => {
    for (const value of values) {
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        ctx.addIssue({
          code: 'custom',
          message: `Incorrect type. Expected pk value, received ${pythonType(value)}.`,
        });
        return z.NEVER;
      }
      if (value < 1 || value > MAX_ID) {
        ctx.addIssue({ code: 'custom', message: invalidPk(value) });
        return z.NEVER;
      }
    }
    return values as number[];
  })
  .describe('Image ids');

/** `ordering=name` or `-created,name`; unknown keys are ignored as DRF's OrderingFilter does. */
const ordering = z
  .string()
  .max(200)
  .optional()
  .transform((value): CollectionOrdering[] => {
    const keys = (value ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key): key is CollectionOrdering =>
        (COLLECTION_ORDERINGS as readonly string[]).includes(key),
      );
    return keys.length > 0 ? [...new Set(keys)] : ['name'];
  })
  .describe('name (default), created or modified; - for descending; comma-separated');

/** A path id for write routes, read before validation so that 401/404/403 come first. */
function pathId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) throw notFound();
  return id;
}

export const collectionRoutes: FastifyPluginAsyncZod<{ collections: CollectionService }> = async (
  app,
  { collections },
) => {
  /** As DRF: authentication, then the object and its permission, then the body. */
  const editGuard = async (request: FastifyRequest) => {
    const viewer = requireUser(request);
    await collections.checkEditable(pathId(request), viewer);
  };
  const editResponses = {
    200: collection,
    400: validationError,
    401: authError,
    403: detailError,
    404: detailError,
  };

  app.get(
    '/api/collections/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Collections the caller may see (public ones and their own; staff: all)',
        description: 'limit up to 1000; search matches part of the name, in any case.',
        tags: ['collections'],
        querystring: limitOffset(COLLECTIONS_MAX_LIMIT, COLLECTIONS_MAX_LIMIT).extend({
          ordering,
          search: z
            .string()
            .trim()
            .max(200, { error: tooLong(200) })
            .optional(),
        }),
        response: { 200: collectionPage, 400: validationError },
      },
    },
    async (request) => {
      const { limit, offset, ordering: order, search } = request.query;
      const page = await collections.list(request.viewer, {
        search,
        ordering: order,
        limit,
        offset,
      });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.options(
    '/api/collections/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Form metadata of a new collection (actions.POST for a signed-in caller)',
        tags: ['collections'],
        response: { 200: optionsMetadata },
      },
    },
    async (request) => collectionOptions('list', request.viewer.userId !== null),
  );

  app.post(
    '/api/collections/',
    {
      config: { access: 'user' },
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        summary: 'Create a collection owned by the caller',
        tags: ['collections'],
        body: collectionBody,
        response: { 201: collection, 400: validationError, 401: authError },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await collections.create(requireUser(request), request.body)),
  );

  app.get(
    '/api/collections/:id/',
    {
      config: { access: 'owner' },
      schema: {
        summary: 'One collection (404 when the caller may not see it)',
        tags: ['collections'],
        params: idParams,
        response: { 200: collection, 400: validationError, 404: detailError },
      },
    },
    async (request) => collections.get(request.params.id, request.viewer),
  );

  app.options(
    '/api/collections/:id/',
    {
      config: { access: 'owner' },
      schema: {
        summary: 'Form metadata of a collection (actions.PUT when the caller may edit it)',
        tags: ['collections'],
        params: idParams,
        response: { 200: optionsMetadata, 400: validationError, 404: detailError },
      },
    },
    async (request) => {
      const found = await collections.get(request.params.id, request.viewer);
      return collectionOptions('instance', found.editable);
    },
  );

  app.put(
    '/api/collections/:id/',
    {
      config: { access: 'owner' },
      preValidation: editGuard,
      schema: {
        summary: 'Replace the form fields (the owner, or staff when communal)',
        tags: ['collections'],
        params: idParams,
        body: collectionBody,
        response: editResponses,
      },
    },
    async (request) => collections.update(request.params.id, requireUser(request), request.body),
  );

  app.patch(
    '/api/collections/:id/',
    {
      config: { access: 'owner' },
      preValidation: editGuard,
      schema: {
        summary: 'Change some form fields (the owner, or staff when communal)',
        tags: ['collections'],
        params: idParams,
        body: collectionBody.partial(),
        response: editResponses,
      },
    },
    async (request) => collections.update(request.params.id, requireUser(request), request.body),
  );

  app.delete(
    '/api/collections/:id/',
    {
      config: { access: 'owner' },
      preValidation: editGuard,
      schema: {
        summary: 'Delete a collection (the owner, or staff when communal)',
        tags: ['collections'],
        params: idParams,
        response: {
          204: z.null().describe('No content'),
          401: authError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request, reply) => {
      await collections.delete(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.patch(
    '/api/collections/:id/remove/',
    {
      config: { access: 'owner' },
      preValidation: editGuard,
      schema: {
        summary: 'Remove images from a collection',
        description: 'Ids not in the collection are ignored; ids naming no image answer 400.',
        tags: ['collections'],
        params: idParams,
        body: z.object({ remove: imageIds }),
        response: editResponses,
      },
    },
    async (request) =>
      collections.remove(request.params.id, requireUser(request), request.body.remove),
  );

  app.patch(
    '/api/collections/:id/prepend/',
    {
      config: { access: 'owner' },
      preValidation: editGuard,
      schema: {
        summary: 'Put images first in a collection, in the order given',
        description:
          'Images already in it move to the front; each image appears once. Ids naming no ' +
          'image (for non-staff: no published image) answer 400.',
        tags: ['collections'],
        params: idParams,
        body: z.object({ prepend: imageIds }),
        response: editResponses,
      },
    },
    async (request) =>
      collections.prepend(request.params.id, requireUser(request), request.body.prepend),
  );
};
