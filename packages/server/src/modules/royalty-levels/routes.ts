import {
  authError,
  detailError,
  royaltyLevelInput,
  royaltyLevelRatePage,
  royaltyLevelRecord,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { z } from 'zod';
import { fieldError, notFound } from '../../lib/errors';
import { idParams, integerField, MAX_ID, MIN_ID, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import type { JobQueue } from '../job-queue';
import { registerEntityRoutes, type EntityResource } from '../manage';
import {
  applyDueRates,
  createRoyaltyLevelService,
  RATE_IN_EFFECT,
  RATE_JOB_QUEUE,
  ROYALTY_LEVEL_ORDERINGS,
} from './service';

const TAG = 'royalty levels';

/** A level's id and one of its rates' ids (an id no row can have: 404, as idParams). */
const rateParams = idParams.extend({
  rateId: integerField().refine((id) => id >= MIN_ID && id <= MAX_ID, {
    error: 'Not found.',
    params: { notFound: true },
  }),
});

/**
 * Staff: royalty levels with effective-dated rates (docs/royalty-levels-and-tax.md). The
 * generic data API routes (list, one, OPTIONS, POST, PUT, PATCH) plus each level's rates.
 */
export const royaltyLevelRoutes: FastifyPluginAsyncZod<{ db: Kysely<DB>; jobs: JobQueue }> = async (
  app,
  { db, jobs },
) => {
  const service = createRoyaltyLevelService(db, { jobs });
  jobs.register(RATE_JOB_QUEUE, { run: () => applyDueRates(db) });

  const resource: EntityResource = {
    type: 'royalty-levels',
    name: 'Royalty Level',
    description:
      "Royalty levels and their rates. A changed rate applies to sales from its day (UTC) on; royalties already earned keep their sale's rate.",
    record: royaltyLevelRecord,
    input: royaltyLevelInput,
    hints: {
      id: { label: 'ID' },
      rate_percent: {
        label: 'Rate (%)',
        help_text: "The artist's share of each print's price, in per cent (2 decimals).",
      },
      rate_bp: { label: 'Rate (basis points)', read_only: true },
      effective_from: { label: 'Current rate since', read_only: true, type: 'date' },
      rate_effective_from: {
        label: 'Rate effective from',
        help_text: 'The day (UTC) a changed rate applies to new sales from; today when blank.',
      },
      next_rate_percent: { label: 'Scheduled rate (%)', read_only: true },
      next_effective_from: { label: 'Scheduled from', read_only: true, type: 'date' },
      artist_count: { label: 'Artists', read_only: true },
      is_default: { label: 'Default', help_text: 'The level an approved artist starts on.' },
    },
    orderings: ROYALTY_LEVEL_ORDERINGS,
    defaultOrdering: ['rate_bp'],
    read: 'staff',
    tag: TAG,
    store: service.store as EntityResource['store'],
  };
  registerEntityRoutes(app, resource);

  app.get(
    '/api/royalty-levels/:id/rates/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: a royalty level's rates, newest day first (past, current, scheduled)",
        tags: [TAG],
        params: idParams,
        querystring: limitOffset(50, 1000),
        response: {
          200: royaltyLevelRatePage,
          400: validationError,
          401: authError,
          403: authError,
          404: detailError,
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await service.rates(request.params.id, { limit, offset });
      if (!page) throw notFound();
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.delete(
    '/api/royalty-levels/:id/rates/:rateId/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: cancels a royalty level's scheduled rate (one whose day is to come)",
        description:
          'A rate already in effect (from today or before) cannot be cancelled: 400 with non_field_errors.',
        tags: [TAG],
        params: rateParams,
        response: {
          204: z.null().describe('Cancelled'),
          400: validationError,
          401: authError,
          403: authError,
          404: detailError,
        },
      },
    },
    async (request, reply) => {
      const outcome = await service.cancelRate(request.params.id, request.params.rateId);
      if (outcome === null) throw notFound();
      if (outcome === 'in-effect') throw fieldError('non_field_errors', RATE_IN_EFFECT);
      return reply.code(204).send(null);
    },
  );
};
