import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** Image columns an API answer needs, plus the artist's name and royalty code. */
function selectImages(db: Kysely<DB>) {
  return db
    .selectFrom('images')
    .innerJoin('artists', 'artists.id', 'images.artist_id')
    .select([
      'images.id',
      'images.local_id',
      'images.source',
      'images.artist_id',
      'images.title',
      'images.caption',
      'images.keywords',
      'images.created',
      'images.updated',
      'images.max_width',
      'images.max_height',
      'images.price',
      'images.published',
      'images.static_sets',
      'images.substrates',
      'images.orientation',
      'images.image_type',
      'images.people',
      'images.colours',
      'images.popularity',
      'images.master_path',
      'images.thumb_path',
      'artists.name as artist',
      'artists.royalty_code',
    ]);
}

export type ImageRow = Awaited<
  ReturnType<ReturnType<typeof selectImages>['executeTakeFirstOrThrow']>
>;

export interface ImageRepository {
  /** Published images, newest first. */
  listPublished(page: { limit: number; offset: number }): Promise<ImageRow[]>;
  countPublished(): Promise<number>;
  findById(id: number): Promise<ImageRow | undefined>;
  /** Has the user this image among their favourites (one lookup on the favourites key)? */
  isFavourite(userId: number, imageId: number): Promise<boolean>;
}

export function createImageRepository(db: Kysely<DB>): ImageRepository {
  return {
    listPublished: ({ limit, offset }) =>
      selectImages(db)
        .where('images.published', '=', true)
        .orderBy('images.created', 'desc')
        .orderBy('images.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),

    async countPublished() {
      const row = await db
        .selectFrom('images')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('published', '=', true)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findById: (id) => selectImages(db).where('images.id', '=', id).executeTakeFirst(),

    async isFavourite(userId, imageId) {
      const row = await db
        .selectFrom('favourites')
        .select('image_id')
        .where('user_id', '=', userId)
        .where('image_id', '=', imageId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
