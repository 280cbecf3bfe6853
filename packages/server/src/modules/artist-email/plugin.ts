import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../lib/mail';
import { createArtistEmailRepository } from './repository';
import { artistEmailRoutes } from './routes';
import { createArtistEmailService } from './service';

/** Staff e-mail to artists (`/api/artist-profile/{id}/email/`). */
export const artistEmailPlugin: FastifyPluginAsync<{ db: Kysely<DB>; mailer: Mailer }> = async (
  app,
  { db, mailer },
) => {
  await app.register(artistEmailRoutes, {
    emails: createArtistEmailService({
      repository: createArtistEmailRepository(db),
      mailer,
      log: app.log,
    }),
  });
};
