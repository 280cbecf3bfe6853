import {
  detailError,
  SUPPORT_EVENT,
  SUPPORT_INBOX_FILTERS,
  SUPPORT_MESSAGES_PER_MINUTE,
  supportConversation,
  supportConversationDetail,
  supportConversationPage,
  supportMessage,
  supportMessageRequest,
  validationError,
} from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { idParams, limitOffset } from '../../lib/query';
import { guestSessionOf, requireStaff, sessionOf } from '../../plugins/auth';
import { clientAddress } from '../../plugins/rate-limit';
import { endStreamsOnClose, openEventStream } from './event-stream';
import type { VisitorRef } from './repository';
import type { SupportService } from './service';

const TAGS = ['support'];
const STREAM_DESCRIPTION =
  'Answers 200 with a text/event-stream: `event: ready` once it listens (read the state ' +
  'afresh then), then `event: support` with a SupportEvent for each change, and a comment ' +
  'line every 25 s. Never compressed.';

const inboxQuery = limitOffset(20, 100).extend({
  status: z.enum(SUPPORT_INBOX_FILTERS).default('open'),
});

/** The caller as a chat visitor, or null when they have neither an account nor a session. */
async function visitorOf(request: FastifyRequest): Promise<VisitorRef | null> {
  const session = await sessionOf(request);
  const userId = request.viewer.userId;
  // A signed-in session's id still finds the conversation its guest started.
  const sessionId =
    session && (session.user === null || session.user.id === userId) ? session.id : null;
  if (userId === null && sessionId === null) return null;
  return { userId, sessionId };
}

export const supportRoutes: FastifyPluginAsyncZod<{ support: SupportService }> = async (
  app,
  { support },
) => {
  endStreamsOnClose(app);

  app.get(
    '/api/support/conversation/',
    {
      config: { access: 'session' },
      schema: {
        summary: "The visitor's support conversation (null before their first message)",
        tags: TAGS,
        response: { 200: supportConversation.nullable(), 401: detailError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const visitor = await visitorOf(request);
      return visitor ? support.forVisitor(visitor) : null;
    },
  );

  app.post(
    '/api/support/conversation/messages/',
    {
      config: { access: 'session' },
      schema: {
        summary: 'Writes to support: continues, reopens or starts the visitor’s conversation',
        description:
          "The conversation carries the visitor's current project. A guest without a session " +
          `gets one. ${SUPPORT_MESSAGES_PER_MINUTE} messages a minute per visitor, three times ` +
          'that per address (429 with Retry-After past it).',
        tags: TAGS,
        body: supportMessageRequest,
        response: {
          201: supportMessage,
          400: validationError,
          401: detailError,
          403: detailError,
          429: detailError,
        },
      },
    },
    async (request, reply) => {
      const userId = request.viewer.userId;
      const visitor: VisitorRef =
        userId !== null
          ? ((await visitorOf(request)) ?? { userId, sessionId: null })
          : { userId: null, sessionId: (await guestSessionOf(request, reply)).id };
      const limits = app.rateLimits;
      const who = visitor.userId !== null ? `u:${visitor.userId}` : `s:${visitor.sessionId}`;
      await limits.limit(
        request,
        reply,
        [
          { key: `support|visitor|${who}`, max: limits.share(SUPPORT_MESSAGES_PER_MINUTE) },
          {
            key: `support|ip|${clientAddress(request)}`,
            max: limits.share(3 * SUPPORT_MESSAGES_PER_MINUTE),
          },
        ],
        { backoff: false },
      );
      const message = await support.postAsVisitor(visitor, request.body.body);
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/api/support/conversation/events/',
    {
      config: { access: 'session', eventStream: true },
      schema: {
        summary: "Live updates of the visitor's conversation (server-sent events)",
        description: `${STREAM_DESCRIPTION} 404 before the visitor's first message.`,
        tags: TAGS,
        response: { 401: detailError, 404: detailError },
      },
    },
    async (request, reply) => {
      const visitor = await visitorOf(request);
      const id = visitor ? await support.visitorConversationId(visitor) : null;
      if (id === null) throw notFound();
      await openEventStream(request, reply, (stream) =>
        support.hub.subscribe(id, (event) => stream.send(SUPPORT_EVENT, event)),
      );
    },
  );

  app.get(
    '/api/support/conversations/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'The support inbox: open conversations by default, unanswered first',
        tags: TAGS,
        querystring: inboxQuery,
        response: {
          200: supportConversationPage,
          400: validationError,
          401: detailError,
          403: detailError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const { status, limit, offset } = request.query;
      const { count, results } = await support.inbox(status, limit, offset);
      const page = (at: number) => {
        const params = new URLSearchParams({ status, limit: String(limit), offset: String(at) });
        return `/api/support/conversations/?${params.toString()}`;
      };
      return {
        count,
        next: offset + limit < count ? page(offset + limit) : null,
        previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
        results,
      };
    },
  );

  app.get(
    '/api/support/conversations/:id/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'One support conversation with its messages',
        tags: TAGS,
        params: idParams,
        response: {
          200: supportConversationDetail,
          400: validationError,
          401: detailError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return support.detail(request.params.id);
    },
  );

  app.post(
    '/api/support/conversations/:id/messages/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'A staff reply; the visitor sees it at once',
        tags: TAGS,
        params: idParams,
        body: supportMessageRequest,
        response: {
          201: supportMessage,
          400: validationError,
          401: detailError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const message = await support.reply(request.params.id, staff.userId, request.body.body);
      return reply.code(201).send(message);
    },
  );

  app.post(
    '/api/support/conversations/:id/close/',
    {
      config: { access: 'staff' },
      schema: {
        summary: 'Closes a conversation (the visitor’s next message reopens it)',
        tags: TAGS,
        params: idParams,
        response: {
          200: supportConversationDetail,
          400: validationError,
          401: detailError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request) => support.close(request.params.id),
  );

  app.get(
    '/api/support/events/',
    {
      config: { access: 'staff', eventStream: true },
      schema: {
        summary: 'Live updates of every support conversation, for the inbox',
        description: STREAM_DESCRIPTION,
        tags: TAGS,
        response: { 401: detailError, 403: detailError },
      },
    },
    async (request, reply) => {
      await openEventStream(request, reply, (stream) =>
        support.hub.subscribe('staff', (event) => stream.send(SUPPORT_EVENT, event)),
      );
    },
  );
};
