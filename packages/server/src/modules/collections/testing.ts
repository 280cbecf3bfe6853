/** Helpers for tests that need users with tokens and collections (test code only). */
import type { FastifyInstance } from 'fastify';
import type { TestDatabase } from '../../test/databases';
import { register, signIn, withJwt } from '../auth/testing';

export interface TestUser {
  id: number;
  uuid: string;
  access: string;
  headers: Record<string, string>;
}

/** Registers and signs in a user (made staff when asked) and answers their JWT headers. */
export async function testUser(
  app: FastifyInstance,
  database: TestDatabase,
  email: string,
  options: { staff?: boolean } = {},
): Promise<TestUser> {
  const { uuid } = (await register(app, email)).json<{ uuid: string }>();
  const { access } = await signIn(app, email);
  const row = await database.db
    .updateTable('users')
    .set({ is_staff: options.staff === true })
    .where('uuid', '=', uuid)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, uuid, access, headers: withJwt(access) };
}

/** A collection straight into the database, with its images in order. */
export async function insertCollection(
  database: TestDatabase,
  values: { name: string; owner: TestUser | null; communal?: boolean; public?: boolean },
  contents: readonly number[] = [],
): Promise<number> {
  const { id } = await database.db
    .insertInto('collections')
    .values({
      name: values.name,
      owner_id: values.owner?.id ?? null,
      communal: values.communal ?? true,
      public: values.public ?? true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (contents.length > 0) {
    await database.db
      .insertInto('collection_images')
      .values(
        contents.map((imageId, position) => ({ collection_id: id, image_id: imageId, position })),
      )
      .execute();
  }
  return id;
}
