import type {
  ArtistArtPage,
  ArtistArtworkDetail,
  ArtistOwnProfile,
  ArtistProfileEditBody,
  ArtistPublicPage,
} from '@atelier/contracts';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiError, notFound } from '../../lib/errors';
import { mediaUrl } from '../../lib/urls';
import { storePicture } from '../artist-applications';

/** Orders that count as sales: not cancelled, and paid for unless paid on account. */
const UNSOLD_ORDER_STATUSES = ['cancelled', 'awaiting payment'] as const;
const PHOTOS_FOLDER = 'artist-photos';

const NO_ARTIST_PROFILE = 'You have no artist profile.';

export function createArtistArtService(db: Kysely<DB>, mediaDir: string) {
  async function profileOf(userId: number) {
    const profile = await db
      .selectFrom('artist_profiles')
      .leftJoin('artists', 'artists.id', 'artist_profiles.artist_id')
      .selectAll('artist_profiles')
      .select(['artists.name as artist_name', 'artists.royalty_code'])
      .where('artist_profiles.user_id', '=', userId)
      .executeTakeFirst();
    if (!profile) throw new ApiError(404, { detail: NO_ARTIST_PROFILE });
    return profile;
  }

  /** Per image: distinct orders, prints and royalty cents of its counted order lines. */
  const salesByImage = (artistId: number) =>
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .where('order_lines.artist_id', '=', artistId)
      .where('orders.status', 'not in', UNSOLD_ORDER_STATUSES)
      .select([
        'order_lines.image_id',
        sql<string>`count(distinct order_lines.order_id)`.as('orders'),
        sql<string>`sum(order_lines.quantity)`.as('prints_sold'),
        sql<string>`sum(order_lines.royalty)`.as('royalties'),
      ])
      .groupBy('order_lines.image_id');

  return {
    /** The artist's pictures, newest first, with their sales; `sold` only those that sold. */
    async list(
      userId: number,
      options: { sold: boolean; limit: number; offset: number },
    ): Promise<Omit<ArtistArtPage, 'next' | 'previous'>> {
      const profile = await profileOf(userId);
      const empty = { count: 0, results: [], totals: { orders: 0, prints_sold: 0, royalties: 0 } };
      if (profile.artist_id === null) return empty;
      const artistId = profile.artist_id;
      let base = db
        .selectFrom('images')
        .leftJoin(salesByImage(artistId).as('s'), 's.image_id', 'images.id')
        .where('images.artist_id', '=', artistId);
      if (options.sold) base = base.where('s.image_id', 'is not', null);
      const [{ n }, rows, totals] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'images.id',
            'images.title',
            'images.local_id',
            'images.thumb_path',
            'images.published',
            'images.created',
            's.orders',
            's.prints_sold',
            's.royalties',
          ])
          .orderBy('images.created', 'desc')
          .orderBy('images.id', 'desc')
          .limit(options.limit)
          .offset(options.offset)
          .execute(),
        db
          .selectFrom('order_lines')
          .innerJoin('orders', 'orders.id', 'order_lines.order_id')
          .where('order_lines.artist_id', '=', artistId)
          .where('orders.status', 'not in', UNSOLD_ORDER_STATUSES)
          .select([
            sql<string>`count(distinct order_lines.order_id)`.as('orders'),
            sql<string>`coalesce(sum(order_lines.quantity), 0)`.as('prints_sold'),
            sql<string>`coalesce(sum(order_lines.royalty), 0)`.as('royalties'),
          ])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        count: Number(n),
        results: rows.map((row) => ({
          id: row.id,
          title: row.title,
          local_id: row.local_id,
          thumb: mediaUrl(row.thumb_path),
          published: row.published,
          created: row.created.toISOString(),
          orders: Number(row.orders ?? 0),
          prints_sold: Number(row.prints_sold ?? 0),
          royalties: Number(row.royalties ?? 0),
        })),
        totals: {
          orders: Number(totals.orders),
          prints_sold: Number(totals.prints_sold),
          royalties: Number(totals.royalties),
        },
      };
    },

    /** One of the artist's pictures with each counted sale; another's is 404. */
    async detail(userId: number, imageId: number): Promise<ArtistArtworkDetail> {
      const profile = await profileOf(userId);
      if (profile.artist_id === null) throw notFound();
      const image = await db
        .selectFrom('images')
        .selectAll()
        .where('id', '=', imageId)
        .where('artist_id', '=', profile.artist_id)
        .executeTakeFirst();
      if (!image) throw notFound();
      const lines = await db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .where('order_lines.image_id', '=', imageId)
        .where('order_lines.artist_id', '=', profile.artist_id)
        .where('orders.status', 'not in', UNSOLD_ORDER_STATUSES)
        .select([
          'orders.order_id',
          'orders.created',
          'order_lines.width',
          'order_lines.height',
          'order_lines.substrate',
          'order_lines.quantity',
          'order_lines.royalty_rate_bp',
          'order_lines.royalty',
        ])
        .orderBy('orders.created', 'desc')
        .orderBy('order_lines.id', 'desc')
        .execute();
      const sales = lines.map((line) => ({
        order_id: line.order_id,
        created: line.created.toISOString(),
        width: Number(line.width),
        height: Number(line.height),
        substrate: line.substrate,
        quantity: line.quantity,
        royalty_rate_bp: line.royalty_rate_bp,
        royalty: line.royalty,
      }));
      return {
        id: image.id,
        title: image.title,
        local_id: image.local_id,
        thumb: mediaUrl(image.thumb_path),
        published: image.published,
        created: image.created.toISOString(),
        caption: image.caption,
        max_width: image.max_width,
        max_height: image.max_height,
        orders: new Set(sales.map((s) => s.order_id)).size,
        prints_sold: sales.reduce((sum, s) => sum + s.quantity, 0),
        royalties: sales.reduce((sum, s) => sum + s.royalty, 0),
        sales,
      };
    },

    async profile(userId: number): Promise<ArtistOwnProfile> {
      const p = await profileOf(userId);
      const legacy = p.location as { formatted_address?: unknown } | null;
      return {
        id: p.id,
        full_name: p.full_name,
        photo: p.photo === null ? null : mediaUrl(p.photo),
        bio: p.bio,
        email: p.email,
        location:
          p.location_text ||
          (typeof legacy?.formatted_address === 'string' ? legacy.formatted_address : ''),
        approved: p.approved,
        artist:
          p.artist_id !== null && p.artist_name !== null && p.royalty_code !== null
            ? { id: p.artist_id, name: p.artist_name, royalty_code: p.royalty_code }
            : null,
      };
    },

    /** The public page of a catalogue artist: only an approved artist's profile is shown. */
    async publicPage(artistId: number): Promise<ArtistPublicPage> {
      const row = await db
        .selectFrom('artist_profiles')
        .innerJoin('artists', 'artists.id', 'artist_profiles.artist_id')
        .selectAll('artist_profiles')
        .select(['artists.name as artist_name', 'artists.royalty_code'])
        .where('artist_profiles.artist_id', '=', artistId)
        .where('artist_profiles.approved', '=', true)
        .where('artists.active', '=', true)
        .executeTakeFirst();
      if (!row) throw notFound();
      const legacy = row.location as { formatted_address?: unknown } | null;
      return {
        artist: { id: artistId, name: row.artist_name, royalty_code: row.royalty_code },
        full_name: row.full_name,
        photo: row.photo === null ? null : mediaUrl(row.photo),
        bio: row.bio,
        location:
          row.location_text ||
          (typeof legacy?.formatted_address === 'string' ? legacy.formatted_address : ''),
      };
    },

    /** The profile the public artist page shows; location is plain text (no maps service). */
    async saveProfile(userId: number, body: ArtistProfileEditBody): Promise<ArtistOwnProfile> {
      const p = await profileOf(userId);
      const photo = body.photo
        ? (await storePicture(body.photo, { mediaDir, folder: PHOTOS_FOLDER, field: 'photo' })).path
        : undefined;
      const location = body.location ?? '';
      await db
        .updateTable('artist_profiles')
        .set({
          full_name: body.full_name,
          bio: body.bio ?? '',
          location_text: location,
          // SPEC §3 Location value, plain text: only the address is known (SPEC §8 fallback).
          location: location
            ? JSON.stringify({ label: location, formatted_address: location })
            : null,
          ...(photo ? { photo } : {}),
        })
        .where('id', '=', p.id)
        .execute();
      return this.profile(userId);
    },
  };
}

export type ArtistArtService = ReturnType<typeof createArtistArtService>;
