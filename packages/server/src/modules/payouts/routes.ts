import {
  ARTIST_PAYMENT_STATUSES,
  PAYOUT_PROVIDERS,
  artistPayment,
  artistPaymentPage,
  authError,
  detailError,
  optionsMetadata,
  paymentDueDetail,
  paymentDuePage,
  paymentStatusBody,
  payoutLinePage,
  payoutPreview,
  payoutRun,
  payoutRunBody,
  payoutRunPage,
  payoutRunResult,
  statusTransition,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionsAnswer } from '../../lib/form-metadata';
import { listLinks, listQuery, listWindow } from '../../lib/list-query';
import { idParams, integerField, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff } from '../../plugins/auth';
import { PAYMENT_DUE_ORDERINGS } from './repository';
import { ARTIST_PAYMENT_ORDERINGS, type PayoutService } from './service';

const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };
const TAGS = ['payouts'];
const PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

/** A path token; anything else names no resource (404, as a URL lookup finds none). */
const pathToken = (prefix: string) =>
  z.string().refine((value) => new RegExp(`^${prefix}-[0-9a-f-]{36}$`).test(value), {
    error: 'Not found.',
    params: { notFound: true },
  });
const paymentParams = z.object({ token: pathToken('pay') });
const runParams = z.object({ token: pathToken('run') });
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(item) });
const all = <T>(items: T[]) => ({
  count: items.length,
  next: null,
  previous: null,
  results: items,
});

const providerQuery = z.object({
  provider: z
    .enum(PAYOUT_PROVIDERS, { error: `Choose one of ${PAYOUT_PROVIDERS.join(', ')}.` })
    .optional(),
});

export const payoutRoutes: FastifyPluginAsyncZod<{ payouts: PayoutService }> = async (
  app,
  { payouts },
) => {
  // ---------------------------------------------------------------- payments due

  app.get(
    '/api/payment-due/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: per artist, royalties earned on paid orders and not paid yet',
        description:
          'search matches the artist name or royalty code; ordering by artist, royalty_code, ' +
          'amount, lines or oldest; amounts in integer cents.',
        tags: TAGS,
        querystring: listQuery({
          orderings: PAYMENT_DUE_ORDERINGS,
          defaultOrdering: ['artist'],
          ...PAGE,
        }),
        response: { 200: paymentDuePage, ...errors },
      },
    },
    async (request) => {
      const { search, ordering } = request.query;
      const window = listWindow(request.query, PAGE.defaultLimit);
      const page = await payouts.paymentsDue({ search }, window, ordering);
      return {
        count: page.count,
        ...listLinks(request, page.count, window),
        results: page.results,
      };
    },
  );

  app.options(
    '/api/payment-due/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: metadata of payments due (computed, so nothing to POST)',
        tags: TAGS,
        response: { 200: optionsMetadata, ...errors },
      },
    },
    async () =>
      optionsAnswer({
        name: 'Payment Due List',
        description: 'Per artist, royalties earned on paid orders minus what was paid.',
        method: 'POST',
        fields: null,
      }),
  );

  app.get(
    '/api/payment-due/:id/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: an artist's amount due and the order lines behind it",
        tags: TAGS,
        params: idParams,
        querystring: limitOffset(20, 1000),
        response: { 200: paymentDueDetail, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const { linesPage, ...due } = await payouts.paymentDue(request.params.id, { limit, offset });
      return {
        ...due,
        lines_page: {
          count: linesPage.count,
          ...pageLinks(request, { count: linesPage.count, limit, offset }),
          results: linesPage.results,
        },
      };
    },
  );

  // ---------------------------------------------------------------- payout runs

  app.get(
    '/api/payout-run/preview/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: who a run would pay now, how much, and who is held back and why',
        tags: TAGS,
        querystring: providerQuery,
        response: { 200: payoutPreview, ...errors },
      },
    },
    async (request) => payouts.preview(request.query.provider),
  );

  app.post(
    '/api/payout-run/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: executes a payout run (no order line is ever paid twice)',
        tags: TAGS,
        body: payoutRunBody.optional(),
        response: { 201: payoutRunResult, ...errors },
      },
    },
    async (request, reply) => {
      const run = await payouts.execute(requireStaff(request).userId, request.body?.provider);
      return reply.code(201).send(run);
    },
  );

  app.get(
    '/api/payout-run/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: payout runs, newest first',
        tags: TAGS,
        querystring: limitOffset(20, 1000),
        response: { 200: payoutRunPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await payouts.runs({ limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.get(
    '/api/payout-run/:token/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one payout run and its payments',
        tags: TAGS,
        params: runParams,
        response: { 200: payoutRun, ...errors },
      },
    },
    async (request) => payouts.run(request.params.token),
  );

  app.get(
    '/api/payout-run/:token/bank-file/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: the manual provider's bank-transfer file (CSV; account reads recorded)",
        description: 'The payments of the run still to send, with whole account numbers.',
        tags: TAGS,
        params: runParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const file = await payouts.bankFile(requireStaff(request), request.params.token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.csv);
    },
  );

  app.get(
    '/api/payout-run/:token/account-reads/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: who read the run's whole account numbers (bank-file downloads)",
        tags: TAGS,
        params: runParams,
        response: {
          200: listOf(
            z.object({ account: z.string(), reader_email: z.string(), created: z.string() }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      await payouts.run(request.params.token);
      const reads = await payouts.accountReads(request.params.token);
      return all(reads.map((r) => ({ ...r, created: new Date(r.created).toISOString() })));
    },
  );

  // ---------------------------------------------------------------- artist payments

  app.get(
    '/api/artist-payment/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: artist payments, newest first',
        description:
          'search matches the artist, royalty code or payment token; status, run (token) and ' +
          'artist (id) filter.',
        tags: TAGS,
        querystring: listQuery({
          orderings: ARTIST_PAYMENT_ORDERINGS,
          defaultOrdering: ['-created_on'],
          ...PAGE,
        }).extend({
          status: z.enum(ARTIST_PAYMENT_STATUSES, { error: 'Select a valid choice.' }).optional(),
          run: z.string().max(60).optional(),
          artist: integerField().min(1).max(2_147_483_647).optional(),
        }),
        response: { 200: artistPaymentPage, ...errors },
      },
    },
    async (request) => {
      const { search, ordering, status, run, artist } = request.query;
      const window = listWindow(request.query, PAGE.defaultLimit);
      const page = await payouts.payments({ search, status, run, artist }, window, ordering);
      return {
        count: page.count,
        ...listLinks(request, page.count, window),
        results: page.results,
      };
    },
  );

  app.options(
    '/api/artist-payment/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: metadata of artist payments (a payout run creates them)',
        tags: TAGS,
        response: { 200: optionsMetadata, ...errors },
      },
    },
    async () =>
      optionsAnswer({
        name: 'Artist Payment List',
        description: 'Payments to artists; a payout run creates them.',
        method: 'POST',
        fields: null,
      }),
  );

  app.get(
    '/api/artist-payment/:token/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one artist payment',
        tags: TAGS,
        params: paymentParams,
        response: { 200: artistPayment, ...errors },
      },
    },
    async (request) => payouts.payment(request.params.token),
  );

  app.get(
    '/api/artist-payment/:token/lines/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: the order lines an artist payment pays',
        tags: TAGS,
        params: paymentParams,
        querystring: limitOffset(20, 1000),
        response: { 200: payoutLinePage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await payouts.paymentLines(request.params.token, { limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.post(
    '/api/artist-payment/:token/reissue/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: pays a FAILED or RETURNED payment's lines again, in a new run",
        tags: TAGS,
        params: paymentParams,
        response: { 201: artistPayment, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await payouts.reissue(requireStaff(request).userId, request.params.token)),
  );

  app.get(
    '/api/artist-payment/:token/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: an artist payment's status transitions, oldest first",
        tags: TAGS,
        params: paymentParams,
        response: { 200: listOf(statusTransition), ...errors },
      },
    },
    async (request) => {
      const row = await payouts.paymentRow(request.params.token);
      return all(await payouts.transitions(row.id));
    },
  );

  app.post(
    '/api/artist-payment/:token/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: records an artist payment's new status (COMPLETED, FAILED, RETURNED …)",
        tags: TAGS,
        params: paymentParams,
        body: paymentStatusBody,
        response: { 201: statusTransition, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await payouts.changeStatus(
            requireStaff(request).userId,
            request.params.token,
            request.body,
          ),
        ),
  );

  app.get(
    '/api/artist-payment/:token/status-transitions/:stsToken/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one status transition of an artist payment',
        tags: TAGS,
        params: paymentParams.extend({ stsToken: pathToken('sts') }),
        response: { 200: statusTransition, ...errors },
      },
    },
    async (request) => {
      const row = await payouts.paymentRow(request.params.token);
      return payouts.transition(row.id, request.params.stsToken);
    },
  );
};
