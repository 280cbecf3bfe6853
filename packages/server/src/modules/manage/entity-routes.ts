import { detailError, optionsMetadata, validationError } from '@atelier/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { formFields, optionsAnswer, type FieldHints } from '../../lib/form-metadata';
import { listLinks, listQuery, listWindow, type OrderKey } from '../../lib/list-query';
import { idParams } from '../../lib/query';

/** An entity as its answer schema gives it. */
export type Entity = Record<string, unknown>;

export interface ListRequest {
  search?: string | undefined;
  ordering: OrderKey[];
  limit: number;
  offset: number;
}

/** What an entity's generic routes read and write; a missing method means no such route. */
export interface EntityStore<Row extends Entity, Input> {
  list?(query: ListRequest): Promise<{ count: number; results: Row[] }>;
  get(id: number): Promise<Row | null>;
  create?(input: Input): Promise<Row>;
  update?(id: number, input: Partial<Input>): Promise<Row | null>;
  /**
   * Deletes it: false when there was none; throws a 409 ApiError naming what still refers
   * to it.
   */
  remove?(id: number): Promise<boolean>;
}

/**
 * One entity type of the data API (SPEC §7) as the generic staff forms and lists use it:
 * its answer and request body as zod contracts, the wording of its fields, its list's
 * orderings, and the store behind it.
 */
export interface EntityResource<Row extends Entity = Entity, Input = unknown> {
  /** The URL segment: `/api/{type}/`. */
  type: string;
  /** DRF's view name, e.g. 'Artist' ('Artist List' and 'Artist Instance' in OPTIONS). */
  name: string;
  description: string;
  record: z.ZodObject;
  input: z.ZodObject;
  hints: FieldHints;
  orderings: readonly string[];
  defaultOrdering: readonly string[];
  /** Who may read it; writing is always staff's. */
  read: 'public' | 'staff';
  /** GET routes another module already serves (with their own rules). */
  existing?: { list?: boolean; detail?: boolean };
  tag: string;
  store: EntityStore<Row, Input>;
}

const ENTITY_PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

/** A path id read before validation, so that 401/403/404 come before a body's 400. */
function pathId(request: FastifyRequest): number {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
}

/**
 * Registers an entity's generic routes: OPTIONS of the list and of one (SimpleMetadata,
 * actions for staff only), the DRF list and detail unless another module serves them, and
 * staff-only create (POST), replace (PUT) and change (PATCH) when its store can.
 */
export function registerEntityRoutes<Row extends Entity, Input>(
  parent: FastifyInstance,
  resource: EntityResource<Row, Input>,
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { type, name, store, read } = resource;
  const base = `/api/${type}/`;
  const one = `/api/${type}/:id/`;
  const fields = formFields(resource.record, resource.input, resource.hints);
  const tags = [resource.tag];
  const rows = z.array(resource.record);
  const page = z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: rows,
  });
  const found = async (id: number) => {
    const row = await store.get(id);
    if (row === null) throw notFound();
    return row;
  };
  const existsGuard = async (request: FastifyRequest) => {
    await found(pathId(request));
  };

  app.options(
    base,
    {
      config: { access: read },
      schema: {
        summary: `Form metadata of a new ${name.toLowerCase()} (actions.POST for staff)`,
        tags,
        response: { 200: optionsMetadata },
      },
    },
    async (request) =>
      optionsAnswer({
        name: `${name} List`,
        description: resource.description,
        method: 'POST',
        fields: store.create && request.viewer.isStaff ? fields : null,
      }),
  );

  app.options(
    one,
    {
      config: { access: read },
      preValidation: existsGuard,
      schema: {
        summary: `Form metadata of one ${name.toLowerCase()} (actions.PUT for staff)`,
        tags,
        params: idParams,
        response: { 200: optionsMetadata, 400: validationError, 404: detailError },
      },
    },
    async (request) => {
      const answer = optionsAnswer({
        name: `${name} Instance`,
        description: resource.description,
        method: 'PUT',
        fields: store.update && request.viewer.isStaff ? fields : null,
      });
      // The client offers Delete when actions.DELETE is there (staff, deletable types).
      if (!store.remove || !request.viewer.isStaff) return answer;
      return { ...answer, actions: { ...answer.actions, DELETE: {} } };
    },
  );

  const list = store.list?.bind(store);
  if (list && !resource.existing?.list) {
    app.get(
      base,
      {
        config: { access: read },
        schema: {
          summary: `${name} list (search, ordering, limit/offset or page/page_size)`,
          tags,
          querystring: listQuery({ ...resource, ...ENTITY_PAGE }),
          response: { 200: page, 400: validationError },
        },
      },
      async (request) => {
        const window = listWindow(request.query, ENTITY_PAGE.defaultLimit);
        const answer = await list({
          search: request.query.search || undefined,
          ordering: request.query.ordering,
          limit: window.limit,
          offset: window.offset,
        });
        return { ...listLinks(request, answer.count, window), ...answer };
      },
    );
  }

  if (!resource.existing?.detail) {
    app.get(
      one,
      {
        config: { access: read },
        schema: {
          summary: `One ${name.toLowerCase()}`,
          tags,
          params: idParams,
          response: { 200: resource.record, 400: validationError, 404: detailError },
        },
      },
      async (request) => found(request.params.id),
    );
  }

  const create = store.create?.bind(store);
  if (create) {
    app.post(
      base,
      {
        config: { access: 'staff' },
        schema: {
          summary: `Create a ${name.toLowerCase()} (staff)`,
          tags,
          body: resource.input,
          response: { 201: resource.record, 400: validationError },
        },
      },
      async (request, reply) => reply.code(201).send(await create(request.body as Input)),
    );
  }

  const remove = store.remove?.bind(store);
  if (remove) {
    app.delete(
      one,
      {
        config: { access: 'staff' },
        preValidation: existsGuard,
        schema: {
          summary: `Delete a ${name.toLowerCase()} (staff; 409 while something refers to it)`,
          tags,
          params: idParams,
          response: { 204: z.null(), 400: validationError, 404: detailError, 409: detailError },
        },
      },
      async (request, reply) => {
        if (!(await remove(request.params.id))) throw notFound();
        return reply.code(204).send(null);
      },
    );
  }

  const update = store.update?.bind(store);
  if (update) {
    const change = async (request: FastifyRequest) => {
      const row = await update(pathId(request), request.body as Partial<Input>);
      if (row === null) throw notFound();
      return row;
    };
    for (const [method, body, verb] of [
      ['PUT', resource.input, 'Replace'],
      ['PATCH', resource.input.partial(), 'Change'],
    ] as const) {
      app.route({
        method,
        url: one,
        config: { access: 'staff' },
        preValidation: existsGuard,
        schema: {
          summary: `${verb} a ${name.toLowerCase()}'s form fields (staff)`,
          tags,
          params: idParams,
          body,
          response: { 200: resource.record, 400: validationError, 404: detailError },
        },
        handler: change,
      });
    }
  }
}
