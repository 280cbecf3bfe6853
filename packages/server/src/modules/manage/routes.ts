import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { registerEntityRoutes } from './entity-routes';
import { manageResources } from './resources';

/** The generic data API routes of every entity type staff manage (modules/manage). */
export const manageRoutes: FastifyPluginAsync<{ db: Kysely<DB> }> = async (app, { db }) => {
  for (const resource of manageResources(db)) registerEntityRoutes(app, resource);
};
