import {
  authError,
  detailError,
  optionsMetadata,
  upload,
  uploadDecline,
  uploadForm,
  uploadListQuery,
  uploadPage,
  validationError,
} from '@atelier/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import { requireStaff } from '../../plugins/auth';
import { requireUploader } from './access';
import { uploadOptions } from './metadata';
import type { UploadRepository } from './repository';
import type { UploadService } from './service';

const TAGS = ['uploads'];

export const uploadRoutes: FastifyPluginAsyncZod<{
  uploads: UploadService;
  repository: UploadRepository;
}> = async (app, { uploads, repository }) => {
  // Who the caller is comes before the body's validation, as in DRF.
  const uploader = async (request: FastifyRequest) => {
    await requireUploader(request, repository);
  };
  const staff = async (request: FastifyRequest) => {
    requireStaff(request);
  };
  const readResponses = { 400: validationError, 401: authError, 403: authError, 404: detailError };

  app.options(
    '/api/upload/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Form metadata of an upload (actions.POST for an approved artist or staff)',
        tags: TAGS,
        response: { 200: optionsMetadata },
      },
    },
    async (request) => {
      let allowed = false;
      try {
        await requireUploader(request, repository);
        allowed = true;
      } catch {
        allowed = false;
      }
      return uploadOptions(allowed);
    },
  );

  app.get(
    '/api/upload/',
    {
      config: { access: 'artist' },
      preValidation: uploader,
      schema: {
        summary:
          "Uploads: an artist's own, all for staff (newest first); review, search (artist or publisher)",
        tags: TAGS,
        querystring: uploadListQuery,
        response: { 200: uploadPage, ...readResponses },
      },
    },
    async (request) => {
      const { limit, offset, review, search } = request.query;
      const viewer = await requireUploader(request, repository);
      const filter = { ...(review ? { review } : {}), ...(search ? { search } : {}) };
      const page = await uploads.list(viewer, filter, { limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.post(
    '/api/upload/',
    {
      config: { access: 'artist' },
      preValidation: uploader,
      schema: {
        summary: 'Create an upload from the form and a finished tus transfer (file)',
        tags: TAGS,
        body: uploadForm,
        response: { 201: upload, ...readResponses },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await uploads.create(await requireUploader(request, repository), request.body)),
  );

  app.get(
    '/api/upload/:id/',
    {
      config: { access: 'artist' },
      preValidation: uploader,
      schema: {
        summary: 'One upload (its creator or staff)',
        tags: TAGS,
        params: idParams,
        response: { 200: upload, ...readResponses },
      },
    },
    async (request) => uploads.get(request.params.id, await requireUploader(request, repository)),
  );

  app.put(
    '/api/upload/:id/',
    {
      config: { access: 'artist' },
      preValidation: uploader,
      schema: {
        summary: "Replace an upload's form values (its creator or staff; not once published)",
        tags: TAGS,
        params: idParams,
        body: uploadForm,
        response: { 200: upload, ...readResponses },
      },
    },
    async (request) =>
      uploads.update(request.params.id, await requireUploader(request, repository), request.body),
  );

  app.post(
    '/api/upload/:id/approve/',
    {
      config: { access: 'staff' },
      preValidation: staff,
      schema: {
        summary: 'Staff approve an upload',
        tags: TAGS,
        params: idParams,
        body: z.object({}).strict().optional(),
        response: { 200: upload, ...readResponses },
      },
    },
    async (request) => uploads.approve(request.params.id, requireStaff(request)),
  );

  app.post(
    '/api/upload/:id/decline/',
    {
      config: { access: 'staff' },
      preValidation: staff,
      schema: {
        summary: 'Staff decline an upload with a message for the artist',
        tags: TAGS,
        params: idParams,
        body: uploadDecline,
        response: { 200: upload, ...readResponses },
      },
    },
    async (request) =>
      uploads.decline(request.params.id, requireStaff(request), request.body.message),
  );

  app.post(
    '/api/upload/:id/publish/',
    {
      config: { access: 'staff' },
      preValidation: staff,
      schema: {
        summary: 'Staff publish an approved upload: it becomes a catalogue image search finds',
        tags: TAGS,
        params: idParams,
        body: z.object({}).strict().optional(),
        response: { 200: upload, ...readResponses },
      },
    },
    async (request) => uploads.publish(request.params.id, requireStaff(request)),
  );
};
