import { apiRoot } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { absoluteUrl } from '../../lib/urls';

/** Entity types this API serves, each with its list path (DRF router root). */
const API_ENTITY_TYPES = {
  'art-usage': '/api/art-usage/',
  artist: '/api/artist/',
  'artist-payment': '/api/artist-payment/',
  'artist-profile': '/api/artist-profile/',
  collections: '/api/collections/',
  image: '/api/image/',
  'payment-due': '/api/payment-due/',
  images: '/api/images/',
  order: '/api/order/',
  publisher: '/api/publisher/',
  'royalty-levels': '/api/royalty-levels/',
} as const;

export const rootRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Entity types and their list URLs',
        tags: ['meta'],
        response: { 200: apiRoot },
      },
    },
    async (request) =>
      Object.fromEntries(
        Object.entries(API_ENTITY_TYPES).map(([type, path]) => [type, absoluteUrl(request, path)]),
      ),
  );
};
