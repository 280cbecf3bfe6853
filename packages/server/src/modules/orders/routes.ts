import {
  CANCEL_REASON_MAX_LENGTH,
  CARRIERS,
  TRACKING_NUMBER_MAX_LENGTH,
  authError,
  detailError,
  order,
  orderStatus,
  orderSummary,
  pageOf,
  paymentMethodsResponse,
  DEFAULT_PAGE_SIZE,
} from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { WebhookRejected, type Payments } from '../../lib/payments';
import { atLeast, booleanFilter, boundedInteger } from '../../lib/query';
import { emailOrigin, type EmailLinkOptions } from '../../lib/email-links';
import { linkTo } from '../../lib/urls';
import { requireStaff, requireUser } from '../../plugins/auth';
import { choice, errorTree, text } from './fields';
import type { OrderService } from './service';

/** SPEC §9 page sizes: at most 100 a page. */
const ORDERS_MAX_PAGE_SIZE = 100;

const orderPage = pageOf(orderSummary);
const orderIdParams = z.object({ id: z.string().max(64) });

/** `PATCH /api/v2/orders/{id}/` (the contract's orderStatusRequest, with DRF messages). */
const statusBody = z.object({
  status: choice(orderStatus.options),
  note: text({ max: 1000, blank: true, multiline: true }).optional(),
  /** Shipped: the carrier and its tracking number (checked against the carrier's format). */
  carrier: choice(CARRIERS).optional(),
  tracking_number: text({ max: TRACKING_NUMBER_MAX_LENGTH + 20 }).optional(),
  /** Cancelled: why, told to the customer. */
  reason: text({ max: CANCEL_REASON_MAX_LENGTH, multiline: true }).optional(),
});

/** DRF PageNumberPagination links: `page` replaced; the first page's link has none. */
function pageNumberLinks(
  request: FastifyRequest,
  page: number,
  pages: number,
): { next: string | null; previous: string | null } {
  const link = (n: number): string =>
    linkTo(request, request.url, (url) => {
      if (n === 1) url.searchParams.delete('page');
      else url.searchParams.set('page', String(n));
    });
  return {
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}

export interface OrderRoutesOptions {
  orders: OrderService;
  payments: Payments;
  /** Where emailed links point: PUBLIC_URL, or an allowed request host (lib/email-links). */
  links: EmailLinkOptions;
}

export const orderRoutes: FastifyPluginAsyncZod<OrderRoutesOptions> = async (
  app,
  { orders, payments, links },
) => {
  app.get(
    '/api/v2/orders/',
    {
      config: { access: 'user' },
      preValidation: async (request) => {
        requireUser(request);
      },
      schema: {
        summary: "The caller's orders, newest first (staff: everyone's; ?mine=1: their own)",
        tags: ['orders'],
        querystring: z.object({
          page: atLeast(1).default(1),
          page_size: boundedInteger(1, ORDERS_MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
          mine: booleanFilter(),
        }),
        response: { 200: orderPage, 400: errorTree, 401: authError, 404: detailError },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      const { page, page_size: pageSize, mine } = request.query;
      const found = await orders.list(viewer, { page, pageSize, mine: mine === true });
      const pages = Math.max(1, Math.ceil(found.count / pageSize));
      return {
        count: found.count,
        ...pageNumberLinks(request, page, pages),
        results: found.results,
      };
    },
  );

  app.get(
    '/api/v2/orders/:id/',
    {
      config: { access: 'owner' },
      schema: {
        summary: 'One order, by its link token (anyone holding it) or number (owner, staff)',
        tags: ['orders'],
        params: orderIdParams,
        response: { 200: order, 400: errorTree, 404: detailError },
      },
    },
    async (request) => orders.get(request.viewer, request.params.id),
  );

  app.patch(
    '/api/v2/orders/:id/',
    {
      config: { access: 'staff' },
      preValidation: async (request) => {
        requireStaff(request);
        await orders.check((request.params as { id?: string }).id ?? '');
      },
      schema: {
        summary: 'Staff: move an order along its transitions (e.g. record an invoice paid)',
        tags: ['orders'],
        params: orderIdParams,
        body: statusBody,
        response: {
          200: order,
          400: errorTree,
          401: authError,
          403: detailError,
          404: detailError,
          409: detailError,
        },
      },
    },
    async (request) =>
      orders.move(
        requireStaff(request),
        request.params.id,
        request.body,
        emailOrigin(request, links),
      ),
  );

  app.get(
    '/api/v2/payment-methods/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The payment methods checkout offers (card only when Stripe is configured)',
        tags: ['orders'],
        response: { 200: paymentMethodsResponse },
      },
    },
    async () => ({
      methods: payments.available().map(({ method, label, description }) => ({
        value: method,
        label,
        description,
      })),
      stripe_publishable_key: payments.stripePublishableKey,
    }),
  );

  // Stripe signs the exact bytes it sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    webhook.post(
      '/api/v2/payments/stripe/webhook/',
      {
        config: { access: 'webhook' },
        schema: {
          summary: "Stripe's webhook (payment_intent.succeeded / payment_failed), signed",
          tags: ['orders'],
          response: { 200: z.object({ received: z.boolean() }), 400: detailError },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        let event;
        try {
          event = payments.stripeEvent(raw, typeof signature === 'string' ? signature : undefined);
        } catch (error) {
          if (error instanceof WebhookRejected) throw new ApiError(400, { detail: error.message });
          throw error;
        }
        if (event) await orders.paymentEvent(event);
        return { received: true };
      },
    );
  });
};
