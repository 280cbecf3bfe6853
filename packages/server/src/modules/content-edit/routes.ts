import {
  contentEditRequest,
  contentEditResponse,
  detailError,
  validationError,
} from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/query';
import { requireStaff, requireUser } from '../../plugins/auth';
import type { ContentEditService } from './service';

export const contentEditRoutes: FastifyPluginAsyncZod<{ contentEdit: ContentEditService }> = async (
  app,
  { contentEdit },
) => {
  app.patch(
    '/content/edit/:id/',
    {
      schema: {
        summary: 'Favourite, publish or mark an image popular',
        description:
          'A body of exactly one of: {"favorite": true|false} (signed-in users; idempotent), ' +
          '{"publish": true|false} (staff; refused for external GET/GETRM images), ' +
          '{"popular": true} (anyone who can see the image; after an add to cart: ' +
          'popularity + 1). Unpublished images are 404 to everyone but staff. Answers the ' +
          "image's state: id, user_favorite (the caller's), published, popularity.",
        tags: ['catalogue'],
        params: idParams,
        body: contentEditRequest.nullish(),
        response: {
          200: contentEditResponse,
          400: validationError,
          401: detailError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const action = contentEdit.actionOf(body);
      if (action === 'favorite') requireUser(request);
      if (action === 'publish') requireStaff(request);
      return contentEdit.edit(request.params.id, action, body, request.viewer);
    },
  );
};
