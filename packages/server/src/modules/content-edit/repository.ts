import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** What an edit needs to know of an image, and what it answers. */
interface ImageState {
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
   * Notes that `viewer` ('u:<id>' or 's:<session id>') marked the image popular today;
   * true when it had not yet today (the bump counts), false when it had (migration 0010).
   */
  noteBump(viewer: string, imageId: number): Promise<boolean>;
  /** Forgets the bumps of days before yesterday. */
  pruneBumps(): Promise<void>;
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

    async noteBump(viewer, imageId) {
      try {
        const row = await db
          .insertInto('popularity_bumps')
          .values({ viewer, image_id: imageId })
          .onConflict((oc) => oc.columns(['viewer', 'image_id', 'day']).doNothing())
          .returning('image_id')
          .executeTakeFirst();
        return row !== undefined;
      } catch (error) {
        // The image was deleted since it was read: nothing to count.
        if ((error as { code?: unknown }).code === '23503') return false;
        throw error;
      }
    },

    async pruneBumps() {
      await db
        .deleteFrom('popularity_bumps')
        .where('day', '<', sql<Date>`current_date - 1`)
        .execute();
    },
  };
}
