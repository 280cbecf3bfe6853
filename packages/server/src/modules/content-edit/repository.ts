import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What an edit needs to know of an image, and what it answers. */
export interface ImageState {
  id: number;
  source: string;
  published: boolean;
  popularity: number;
  /** The viewer's favourite (false for a guest). */
  user_favorite: boolean;
}

export interface ContentEditRepository {
  /** The image's state as `userId` sees it; undefined when there is no such image. */
  find(imageId: number, userId: number | null): Promise<ImageState | undefined>;
  /** Adds or removes a favourite; doing it twice changes nothing. */
  setFavourite(userId: number, imageId: number, favourite: boolean): Promise<void>;
  /**
   * Sets published and bumps updated, when it changes. The statement moves the search epoch
   * (0004's trigger on `published`), so cached counts and pages are not reused after it.
   */
  setPublished(imageId: number, published: boolean): Promise<boolean | undefined>;
  /**
   * popularity + 1, in one statement (concurrent adds are all counted). Not part of the
   * search epoch (0004): a popular-sorted page may be reused for its cache's lifetime.
   */
  bumpPopularity(imageId: number): Promise<number | undefined>;
}

export function createContentEditRepository(db: Kysely<DB>): ContentEditRepository {
  return {
    async find(imageId, userId) {
      const row = await db
        .selectFrom('images')
        .select((eb) => [
          'images.id',
          'images.source',
          'images.published',
          'images.popularity',
          userId === null
            ? sql<boolean>`false`.as('user_favorite')
            : eb
                .exists(
                  eb
                    .selectFrom('favourites')
                    .select('favourites.image_id')
                    .where('favourites.user_id', '=', userId)
                    .whereRef('favourites.image_id', '=', 'images.id'),
                )
                .as('user_favorite'),
        ])
        .where('images.id', '=', imageId)
        .executeTakeFirst();
      return row && { ...row, user_favorite: Boolean(row.user_favorite) };
    },

    async setFavourite(userId, imageId, favourite) {
      if (favourite) {
        await db
          .insertInto('favourites')
          .values({ user_id: userId, image_id: imageId })
          .onConflict((oc) => oc.columns(['user_id', 'image_id']).doNothing())
          .execute();
      } else {
        await db
          .deleteFrom('favourites')
          .where('user_id', '=', userId)
          .where('image_id', '=', imageId)
          .execute();
      }
    },

    async setPublished(imageId, published) {
      const row = await db
        .updateTable('images')
        .set({ published, updated: sql<Date>`now()` })
        .where('id', '=', imageId)
        .returning('published')
        .executeTakeFirst();
      return row?.published;
    },

    async bumpPopularity(imageId) {
      const row = await db
        .updateTable('images')
        .set((eb) => ({ popularity: eb('popularity', '+', 1) }))
        .where('id', '=', imageId)
        .returning('popularity')
        .executeTakeFirst();
      return row?.popularity;
    },
  };
}
