import { availableSizesResponse, validationError } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { integerField } from '../../lib/query';
import type { PricingService } from './service';

const NUMBER_REQUIRED = 'A valid number is required.';
/** Pixels or a ratio: any positive number up to a million. */
const MAX_SIDE = 1_000_000;

const REQUIRED = 'This field is required.';

/** A required positive number from the query string, with DRF's messages. */
const positiveNumber = () =>
  z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : NUMBER_REQUIRED) })
    .min(1, { error: REQUIRED })
    .transform(Number)
    .pipe(
      z
        .number({ error: NUMBER_REQUIRED })
        .refine(Number.isFinite, { error: NUMBER_REQUIRED })
        .refine((value) => value > 0, { error: 'Ensure this value is greater than 0.' })
        .refine((value) => value <= MAX_SIDE, {
          error: `Ensure this value is less than or equal to ${MAX_SIDE}.`,
        }),
    );

const availableSizesQuery = z.object({
  w: positiveNumber(),
  h: positiveNumber(),
  price: integerField()
    .min(1, { error: 'Ensure this value is greater than or equal to 1.' })
    .max(4, { error: 'Ensure this value is less than or equal to 4.' })
    .default(1),
});

export const pricingRoutes: FastifyPluginAsyncZod<{ pricing: PricingService }> = async (
  app,
  { pricing },
) => {
  app.get(
    '/api/v1/availablesizes/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Substrates and standard sizes for an aspect ratio, priced in cents',
        description:
          'w and h are the picture’s pixels or just its ratio (3 and 2). Prices are integer ' +
          'cents for price tier `price` (1–4, default 1), per substrate made in each size.',
        tags: ['catalogue'],
        querystring: availableSizesQuery,
        response: { 200: availableSizesResponse, 400: validationError },
      },
    },
    async (request, reply) => {
      const { w, h, price } = request.query;
      // The answer depends only on the ratio and the tier: let browsers and CDNs keep it.
      void reply.header('cache-control', 'public, max-age=3600');
      return pricing.availableSizes(w, h, price);
    },
  );
};
