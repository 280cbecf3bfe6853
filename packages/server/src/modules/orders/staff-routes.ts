import {
  STAFF_ORDER_ORDERINGS,
  authError,
  detailError,
  optionsMetadata,
  orderStatus,
  staffOrder,
  staffOrderPage,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listLinks, listQuery, listWindow } from '../../lib/list-query';
import { optionsAnswer } from '../../lib/form-metadata';
import { requireStaff } from '../../plugins/auth';
import { choice } from './fields';
import type { OrderService } from './service';

/** The staff list's page sizes: DRF's default 20, at most 100. */
const STAFF_ORDERS_PAGE = { defaultLimit: 20, maxLimit: 100 } as const;

const orderingFields = [...new Set(STAFF_ORDER_ORDERINGS.map((key) => key.replace(/^-/, '')))];

/**
 * The manage area's orders (issue 14): `GET /api/order/` lists every order for staff
 * (search by number, email or name; `status` filter; ordering by created or grand_total;
 * limit/offset or page/page_size) and `GET /api/order/{id}/` gives one with its history's
 * authors and the statuses it may move to. Moves go through `PATCH /api/v2/orders/{id}/`.
 */
export const staffOrderRoutes: FastifyPluginAsyncZod<{ orders: OrderService }> = async (
  app,
  { orders },
) => {
  app.options(
    '/api/order/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Metadata of the staff orders list (orders are made by checkout, not here)',
        tags: ['orders'],
        response: { 200: optionsMetadata, 401: authError, 403: detailError },
      },
    },
    async () =>
      optionsAnswer({
        name: 'Order List',
        description: 'Every order, to fulfil: move it to in production, shipped or cancelled.',
        method: 'POST',
        fields: null,
      }),
  );

  app.get(
    '/api/order/',
    {
      config: { access: 'staff' },
      preValidation: async (request) => {
        requireStaff(request);
      },
      schema: {
        summary: 'Staff: every order (search number/email/name, status filter, ordering)',
        tags: ['orders'],
        querystring: listQuery({
          orderings: orderingFields,
          defaultOrdering: ['-created'],
          ...STAFF_ORDERS_PAGE,
        }).extend({ status: choice(orderStatus.options).optional() }),
        response: { 200: staffOrderPage, 400: validationError, 401: authError, 403: detailError },
      },
    },
    async (request) => {
      const window = listWindow(request.query, STAFF_ORDERS_PAGE.defaultLimit);
      const found = await orders.staffList({
        search: request.query.search || undefined,
        status: request.query.status,
        ordering: request.query.ordering,
        limit: window.limit,
        offset: window.offset,
      });
      return { ...listLinks(request, found.count, window), ...found };
    },
  );

  app.get(
    '/api/order/:id/',
    {
      config: { access: 'staff' },
      preValidation: async (request) => {
        requireStaff(request);
      },
      schema: {
        summary: 'Staff: one order (by number or token) with its history and next statuses',
        tags: ['orders'],
        params: z.object({ id: z.string().max(64) }),
        response: {
          200: staffOrder,
          400: validationError,
          401: authError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request) => orders.staffGet(request.params.id),
  );
};
