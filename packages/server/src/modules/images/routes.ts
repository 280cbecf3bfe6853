import { detailError, image, imageCardPage, validationError } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams, limitOffset } from '../../lib/query';
import { pageLinks } from '../../lib/urls';
import type { ImageService } from './service';

const IMAGES_PAGE = { defaultLimit: 20, maxLimit: 1000 } as const;

export const imageRoutes: FastifyPluginAsyncZod<{ images: ImageService }> = async (
  app,
  { images },
) => {
  app.get(
    '/api/images/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Published images, newest first',
        tags: ['catalogue'],
        querystring: limitOffset(IMAGES_PAGE.defaultLimit, IMAGES_PAGE.maxLimit),
        response: { 200: imageCardPage, 400: validationError },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await images.listPublished({ limit, offset });
      return {
        count: page.count,
        ...pageLinks(request, { count: page.count, limit, offset }),
        results: page.results,
      };
    },
  );

  app.get(
    '/api/images/:id/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'One image with its substrates',
        description:
          'Unpublished images too (the storefront shows them as not purchasable). ' +
          'user_favorite: whether the signed-in caller has favourited it (false for guests).',
        tags: ['catalogue'],
        params: idParams,
        response: { 200: image, 400: validationError, 404: detailError },
      },
    },
    async (request) => images.get(request.params.id, request.viewer),
  );
};
