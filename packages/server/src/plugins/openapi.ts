import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document, built from the routes' zod schemas, at /api/docs/json, and its
 * UI at /api/docs. Register before the routes so that every route is seen.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Atelier API',
        description: 'Art-print marketplace: catalogue, search, and the front ends’ manifest.',
        version: '0.1.0',
      },
      tags: [
        { name: 'catalogue', description: 'Images and artists' },
        { name: 'search', description: 'Full-text image search' },
        { name: 'meta', description: 'API root and health' },
        { name: 'front ends', description: 'Module federation manifest' },
      ],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}
