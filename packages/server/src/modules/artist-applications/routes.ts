import {
  APPLICATION_REVIEW_STATES,
  applicationInfoBody,
  artistApplication,
  authError,
  decisionBody,
  detailError,
  sampleUploadBody,
  staffApplication,
  staffApplicationPage,
  validationError,
} from '@atelier/contracts';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { booleanFilter, idParams, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff, requireUser } from '../../plugins/auth';
import type { ApplicationService } from './service';

/** A base64 picture of SAMPLE_MAX_BYTES and its JSON around it. */
export const PICTURE_BODY_LIMIT = 3 * 1024 * 1024;

const errors = { 400: validationError, 401: authError, 403: authError, 404: detailError };

export const applicationRoutes: FastifyPluginAsyncZod<{
  applications: ApplicationService;
}> = async (app, { applications }) => {
  // Samples stored before migration 0080 leave MEDIA_DIR before the first request (once the
  // migrations have run: the server migrates after building the app).
  app.addHook('onReady', async () => {
    await applications.moveSamplesToPrivate();
  });

  app.get(
    '/api/artist-application/',
    {
      config: { access: 'user' },
      schema: {
        summary: "The signed-in user's artist application and its stage",
        tags: ['artist portal'],
        response: { 200: artistApplication, ...errors },
      },
    },
    async (request) => applications.get(requireUser(request).userId),
  );

  app.put(
    '/api/artist-application/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Who the applicant is, their practice and links (until the application is sent)',
        tags: ['artist portal'],
        body: applicationInfoBody,
        response: { 200: artistApplication, ...errors },
      },
    },
    async (request) => applications.saveInfo(requireUser(request).userId, request.body),
  );

  app.post(
    '/api/artist-application/samples/',
    {
      config: { access: 'user' },
      bodyLimit: PICTURE_BODY_LIMIT,
      schema: {
        summary: 'Adds a sample picture (base64; checked by content: JPEG, PNG or WebP)',
        tags: ['artist portal'],
        body: sampleUploadBody,
        response: { 201: artistApplication, ...errors },
      },
    },
    async (request, reply) => {
      const result = await applications.addSample(requireUser(request).userId, request.body);
      return reply.code(201).send(result);
    },
  );

  app.delete(
    '/api/artist-application/samples/:id/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Removes one of the applicant’s sample pictures',
        tags: ['artist portal'],
        params: idParams,
        response: { 200: artistApplication, ...errors },
      },
    },
    async (request) => applications.removeSample(requireUser(request).userId, request.params.id),
  );

  app.post(
    '/api/artist-application/submit/',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Sends the application (3 to 10 samples) for staff review',
        tags: ['artist portal'],
        response: { 200: artistApplication, ...errors },
      },
    },
    async (request) => applications.submit(requireUser(request).userId),
  );

  app.get(
    '/api/artist-samples/:id/',
    {
      // Anyone may ask; only a valid signed URL (or the applicant or staff) gets the picture.
      config: { access: 'public' },
      schema: {
        summary:
          'A sample picture of an artist application: by the signed, expiring URL of its `url` ' +
          '(only the applicant and staff are given it); anyone else gets 404',
        tags: ['artist portal'],
        params: idParams,
        querystring: z.object({
          expires: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
          signature: z.string().max(100).optional(),
        }),
        response: {
          200: z.unknown().describe('The picture (image/jpeg), streamed'),
          400: validationError,
          404: detailError,
        },
      },
    },
    async (request, reply) => {
      const { file, maxAge } = await applications.samplePicture(
        request.params.id,
        request.query,
        request.viewer,
      );
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw notFound();
      return reply
        .header('cache-control', maxAge > 0 ? `private, max-age=${maxAge}` : 'private, no-cache')
        .header('content-length', info.size)
        .type('image/jpeg')
        .send(createReadStream(file));
    },
  );

  app.get(
    '/api/artist-applications/',
    {
      config: { access: 'staff' },
      schema: {
        summary:
          'Staff: sent artist applications, those awaiting review first, then newest first (waiting=true or state=pending: awaiting review; state=approved, declined)',
        tags: ['artist portal'],
        querystring: limitOffset(20, 1000).extend({
          waiting: booleanFilter(),
          state: z.enum(APPLICATION_REVIEW_STATES, { error: 'Select a valid choice.' }).optional(),
        }),
        response: { 200: staffApplicationPage, ...errors },
      },
    },
    async (request) => {
      const { limit, offset, waiting, state } = request.query;
      const page = await applications.list(
        { waiting: waiting ?? false, ...(state ? { state } : {}) },
        { limit, offset },
      );
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.get(
    '/api/artist-applications/:id/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: one sent artist application, with its samples',
        tags: ['artist portal'],
        params: idParams,
        response: { 200: staffApplication, ...errors },
      },
    },
    async (request) => applications.one(request.params.id),
  );

  app.post(
    '/api/artist-applications/:id/decision/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Staff: approve or decline an application awaiting review, with a message',
        tags: ['artist portal'],
        params: idParams,
        body: decisionBody,
        response: { 200: artistApplication, ...errors },
      },
    },
    async (request) =>
      applications.decide(requireStaff(request).userId, request.params.id, request.body),
  );
};
