import { COMMERCE_MESSAGES, detailError, order } from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/errors';
import { emailOrigin, type EmailLinkOptions } from '../../lib/email-links';
import { errorTree } from '../orders';
import type { CheckoutProject } from './repository';
import type { CheckoutService } from './service';
import { CHECKOUT_MESSAGES, IDEMPOTENCY_KEY, checkoutBody } from './validation';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export interface CheckoutRoutesOptions {
  checkout: CheckoutService;
  /** Where the emailed order link points: PUBLIC_URL, or an allowed request host. */
  links: EmailLinkOptions;
}

/** The Idempotency-Key header, or a 400 naming it. */
function idempotencyKey(request: FastifyRequest): string {
  const value = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (value === undefined || value === '') {
    throw new ApiError(400, { [IDEMPOTENCY_HEADER]: [COMMERCE_MESSAGES.idempotencyKeyRequired] });
  }
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new ApiError(400, { [IDEMPOTENCY_HEADER]: [CHECKOUT_MESSAGES.idempotencyKeyInvalid] });
  }
  return value;
}

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (
  app,
  { checkout, links },
) => {
  /** The project, found before the body is read (404 first, as DRF does). */
  const projects = new WeakMap<FastifyRequest, CheckoutProject>();

  app.post(
    '/api/v2/projects/:token/checkout/',
    {
      config: { access: 'owner' },
      preValidation: async (request) => {
        const token = (request.params as { token?: string }).token ?? '';
        projects.set(request, await checkout.project(request.viewer, token));
        idempotencyKey(request);
      },
      schema: {
        summary: "Order a project's items, exactly once per project (Idempotency-Key header)",
        description:
          'The same Idempotency-Key answers the same order again; another checkout of an ' +
          'ordered project is a 409. Prices are computed afresh by the server.',
        tags: ['orders'],
        params: z.object({ token: z.string() }),
        body: checkoutBody,
        response: { 201: order, 400: errorTree, 404: detailError, 409: detailError },
      },
    },
    async (request, reply) => {
      const project =
        projects.get(request) ?? (await checkout.project(request.viewer, request.params.token));
      const { order: placed } = await checkout.checkout({
        viewer: request.viewer,
        project,
        idempotencyKey: idempotencyKey(request),
        body: request.body,
        origin: emailOrigin(request, links),
      });
      return reply.code(201).send(placed);
    },
  );
};
