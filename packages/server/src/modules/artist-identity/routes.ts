import {
  PAYMENT_ACCOUNT_TYPES,
  artistIdentity,
  artistIdentityPage,
  authError,
  detailError,
  payee,
  payeeBody,
  paymentAccount,
  paymentAccountBody,
  statusChangeBody,
  statusTransition,
  validationError,
  type PaymentAccountType,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff, requireUser } from '../../plugins/auth';
import type { IdentityService } from './service';

const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };
const TAGS = ['artist portal'];

/** A path token; anything else names no resource (404, as a URL lookup finds none). */
const pathToken = z.string().refine((value) => /^[a-z]{3}-[0-9a-f-]{36}$/.test(value), {
  error: 'Not found.',
  params: { notFound: true },
});
const accountType = z
  .string()
  .refine((value) => (PAYMENT_ACCOUNT_TYPES as readonly string[]).includes(value), {
    error: 'Not found.',
    params: { notFound: true },
  })
  .transform((value) => value as PaymentAccountType);

const identityParams = z.object({ token: pathToken });
const accountParams = identityParams.extend({ type: accountType, id: pathToken });
const noData = <T>(items: T[]) => ({
  count: items.length,
  next: null,
  previous: null,
  results: items,
});
const listOf = <T extends z.ZodType>(item: T) =>
  z.object({ count: z.number().int(), next: z.null(), previous: z.null(), results: z.array(item) });

export const identityRoutes: FastifyPluginAsyncZod<{ identities: IdentityService }> = async (
  app,
  { identities },
) => {
  // ---------------------------------------------------------------- the artist's own

  app.get(
    '/api/artist-payee/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The artist's payee identity and payout accounts (numbers masked)",
        tags: TAGS,
        response: { 200: payee, ...errors },
      },
    },
    async (request) => identities.own(requireUser(request).userId),
  );

  app.put(
    '/api/artist-payee/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Creates or changes the payee identity (a new one is PRE_ACTIVATED)',
        tags: TAGS,
        body: payeeBody,
        response: { 200: payee, ...errors },
      },
    },
    async (request) => identities.savePayee(requireUser(request).userId, request.body),
  );

  app.post(
    '/api/artist-payee/accounts/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Adds a payout account: bank (US routing number or IBAN), PayPal or Venmo',
        tags: TAGS,
        body: paymentAccountBody,
        response: { 201: payee, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await identities.addAccount(requireUser(request).userId, request.body)),
  );

  app.post(
    '/api/artist-payee/accounts/:token/default/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Makes one of the artist’s accounts the default for payouts',
        tags: TAGS,
        params: identityParams,
        response: { 200: payee, ...errors },
      },
    },
    async (request) => identities.setDefault(requireUser(request).userId, request.params.token),
  );

  app.delete(
    '/api/artist-payee/accounts/:token/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Removes a payout account (DE_ACTIVATED; its history stays)',
        tags: TAGS,
        params: identityParams,
        response: { 200: payee, ...errors },
      },
    },
    async (request) => identities.removeAccount(requireUser(request).userId, request.params.token),
  );

  // ---------------------------------------------------------------- staff (SPEC §2)

  app.get(
    '/api/artist-identity/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: artist identities, newest first',
        tags: TAGS,
        querystring: limitOffset(20, 1000),
        response: { 200: artistIdentityPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await identities.identities({ limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.get(
    '/api/artist-identity/:token/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one artist identity',
        tags: TAGS,
        params: identityParams,
        response: { 200: artistIdentity, ...errors },
      },
    },
    async (request) => identities.identityOf(await identities.identity(request.params.token)),
  );

  app.get(
    '/api/artist-identity/:token/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: an identity's status transitions, oldest first",
        tags: TAGS,
        params: identityParams,
        response: { 200: listOf(statusTransition), ...errors },
      },
    },
    async (request) => {
      const identity = await identities.identity(request.params.token);
      return noData(await identities.transitions({ identity_id: identity.id }));
    },
  );

  app.post(
    '/api/artist-identity/:token/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: moves an identity's status (recorded as a transition)",
        tags: TAGS,
        params: identityParams,
        body: statusChangeBody,
        response: { 201: statusTransition, ...errors },
      },
    },
    async (request, reply) => {
      const identity = await identities.identity(request.params.token);
      const made = await identities.changeStatus(
        requireStaff(request).userId,
        { identity },
        request.body,
      );
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/api/artist-identity/:token/status-transitions/:stsToken/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one status transition of an identity',
        tags: TAGS,
        params: identityParams.extend({ stsToken: pathToken }),
        response: { 200: statusTransition, ...errors },
      },
    },
    async (request) => {
      const identity = await identities.identity(request.params.token);
      return identities.transition({ identity_id: identity.id }, request.params.stsToken);
    },
  );

  app.get(
    '/api/artist-identity/:token/:type/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: an identity's bank, PayPal or Venmo accounts",
        tags: TAGS,
        params: identityParams.extend({ type: accountType }),
        response: { 200: listOf(paymentAccount), ...errors },
      },
    },
    async (request) => noData(await identities.accounts(request.params.token, request.params.type)),
  );

  app.get(
    '/api/artist-identity/:token/:type/:id/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one payout account',
        tags: TAGS,
        params: accountParams,
        response: { 200: paymentAccount, ...errors },
      },
    },
    async (request) => {
      const { token, type, id } = request.params;
      return identities.accountOf(await identities.account(token, type, id));
    },
  );

  app.get(
    '/api/artist-identity/:token/:type/:id/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: a payout account's status transitions, oldest first",
        tags: TAGS,
        params: accountParams,
        response: { 200: listOf(statusTransition), ...errors },
      },
    },
    async (request) => {
      const { token, type, id } = request.params;
      const account = await identities.account(token, type, id);
      return noData(await identities.transitions({ payment_account_id: account.id }));
    },
  );

  app.post(
    '/api/artist-identity/:token/:type/:id/status-transitions/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: moves a payout account's status (recorded as a transition)",
        tags: TAGS,
        params: accountParams,
        body: statusChangeBody,
        response: { 201: statusTransition, ...errors },
      },
    },
    async (request, reply) => {
      const { token, type, id } = request.params;
      const account = await identities.account(token, type, id);
      const made = await identities.changeStatus(
        requireStaff(request).userId,
        { account },
        request.body,
      );
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/api/artist-identity/:token/:type/:id/status-transitions/:stsToken/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one status transition of a payout account',
        tags: TAGS,
        params: accountParams.extend({ stsToken: pathToken }),
        response: { 200: statusTransition, ...errors },
      },
    },
    async (request) => {
      const { token, type, id, stsToken } = request.params;
      const account = await identities.account(token, type, id);
      return identities.transition({ payment_account_id: account.id }, stsToken);
    },
  );
};
