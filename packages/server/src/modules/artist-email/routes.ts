import {
  ARTIST_EMAIL_MESSAGE_MAX_LENGTH,
  ARTIST_EMAIL_SUBJECT_MAX_LENGTH,
  artistEmail,
  artistEmailPage,
  authError,
  detailError,
  validationError,
} from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { listLinks } from '../../lib/list-query';
import { idParams, limitOffset } from '../../lib/query';
import { requireStaff } from '../../plugins/auth';
import { text } from '../orders';
import type { ArtistEmailService } from './service';

const body = z.object({
  subject: text({ max: ARTIST_EMAIL_SUBJECT_MAX_LENGTH }),
  message: text({ max: ARTIST_EMAIL_MESSAGE_MAX_LENGTH, multiline: true }),
});

/** The profile id of the path, read before the body so that 404 comes before a 400. */
const profileId = (request: FastifyRequest): number => {
  const raw = (request.params as { id?: string }).id ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound();
  return id;
};

/**
 * SPEC §2 /manage/artist-profile/:id/email: staff write to an artist through the mailer
 * (`POST`), and see what was sent before (`GET`, newest first).
 */
export const artistEmailRoutes: FastifyPluginAsyncZod<{ emails: ArtistEmailService }> = async (
  app,
  { emails },
) => {
  const url = '/api/artist-profile/:id/email/';
  const guard = async (request: FastifyRequest) => {
    requireStaff(request);
    await emails.check(profileId(request));
  };

  app.get(
    url,
    {
      config: { access: 'staff' },
      preValidation: guard,
      schema: {
        summary: 'Staff: the messages sent to an artist, newest first',
        tags: ['manage'],
        params: idParams,
        querystring: limitOffset(20, 100),
        response: {
          200: artistEmailPage,
          400: validationError,
          401: authError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const found = await emails.list(request.params.id, limit, offset);
      return {
        ...listLinks(request, found.count, { limit, offset, byPage: false }),
        ...found,
      };
    },
  );

  app.post(
    url,
    {
      config: { access: 'staff' },
      preValidation: guard,
      schema: {
        summary: 'Staff: email an artist (subject, message); the message is kept',
        tags: ['manage'],
        params: idParams,
        body,
        response: {
          201: artistEmail,
          400: validationError,
          401: authError,
          403: detailError,
          404: detailError,
          503: detailError,
        },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const sent = await emails.send(request.params.id, staff.userId, request.body);
      return reply.code(201).send(sent);
    },
  );
};
