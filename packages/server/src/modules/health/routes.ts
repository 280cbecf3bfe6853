import { health } from '@atelier/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HealthService } from './service';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (
  app,
  options,
) => {
  app.get(
    '/api/health/',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Liveness and database check',
        tags: ['meta'],
        response: { 200: health },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return options.health.check();
    },
  );
};
