import {
  authError,
  detailError,
  royaltyAcceptBody,
  royaltyAgreement,
  taxFormBody,
  taxFormView,
  tinReadPage,
  tinReveal,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff, requireUser } from '../../plugins/auth';
import type { OnboardingService } from './service';

const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };
const TAGS = ['artist portal'];

export const onboardingRoutes: FastifyPluginAsyncZod<{ onboarding: OnboardingService }> = async (
  app,
  { onboarding },
) => {
  app.get(
    '/api/artist-onboarding/royalty/',
    {
      config: { access: 'user' },
      schema: {
        summary: "An approved artist's royalty level and the agreement (accepted when)",
        tags: TAGS,
        response: { 200: royaltyAgreement, ...errors },
      },
    },
    async (request) => onboarding.royalty(requireUser(request).userId),
  );

  app.post(
    '/api/artist-onboarding/royalty/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Accepts the current agreement (recorded with its date)',
        tags: TAGS,
        body: royaltyAcceptBody,
        response: { 200: royaltyAgreement, ...errors },
      },
    },
    async (request) => onboarding.acceptRoyalty(requireUser(request).userId, request.body.version),
  );

  app.get(
    '/api/artist-onboarding/tax/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The artist's tax form (W-9 or W-8BEN); the TIN masked, last four only",
        tags: TAGS,
        response: { 200: taxFormView.nullable(), ...errors },
      },
    },
    async (request) => onboarding.tax(requireUser(request).userId),
  );

  app.put(
    '/api/artist-onboarding/tax/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Saves the W-9 (US persons) or W-8BEN (others); the TIN is encrypted at rest',
        tags: TAGS,
        body: taxFormBody,
        response: { 200: taxFormView, ...errors },
      },
    },
    async (request) => onboarding.saveTax(requireUser(request).userId, request.body),
  );

  app.get(
    '/api/artist-tax/:id/tin/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: an artist profile's whole TIN; every read is recorded",
        tags: TAGS,
        params: idParams,
        response: { 200: tinReveal, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return onboarding.revealTin(requireStaff(request), request.params.id);
    },
  );

  app.get(
    '/api/artist-tax/:id/tin-reads/',
    {
      config: { access: 'staff' },
      schema: {
        summary: "Staff: who read an artist profile's TIN and when, newest first",
        tags: TAGS,
        params: idParams,
        querystring: limitOffset(20, 1000),
        response: { 200: tinReadPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await onboarding.tinReads(request.params.id, { limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.put(
    '/api/artist-profile/:id/royalty-level/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: puts an artist on a royalty level',
        tags: TAGS,
        params: idParams,
        body: z.object({
          royalty_level: z
            .number({ error: 'Incorrect type. Expected pk value.' })
            .int({ error: 'Incorrect type. Expected pk value.' })
            .min(1, { error: 'Invalid pk - object does not exist.' })
            .max(2_147_483_647, { error: 'Invalid pk - object does not exist.' }),
        }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await onboarding.setArtistLevel(request.params.id, request.body.royalty_level);
      return reply.code(204).send(null);
    },
  );
};
