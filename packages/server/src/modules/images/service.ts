import {
  COLOURS,
  STATIC_SETS,
  SUBSTRATES,
  availableSizes,
  type Colour,
  type Image,
  type ImageCard,
  type ImageCardPage,
} from '@atelier/contracts';
import { notFound } from '../../lib/errors';
import { imageCardOf } from '../../lib/image-card';
import { mediaUrl } from '../../lib/urls';
import type { Viewer } from '../../plugins/viewer';
import type { ImageRepository, ImageRow } from './repository';

/** PostgreSQL integer ids: anything outside cannot exist. */
const MAX_ID = 2_147_483_647;

const staticSets = (values: string[]): Image['_static'] =>
  values.filter((v): v is Image['_static'][number] =>
    (STATIC_SETS as readonly string[]).includes(v),
  );

const substrates = (values: string[]): Image['substrates'] =>
  values.filter((v): v is Image['substrates'][number] =>
    (SUBSTRATES as readonly string[]).includes(v),
  );

const colours = (values: string[]): Colour[] =>
  values.filter((v): v is Colour => (COLOURS as readonly string[]).includes(v));

const tierOf = (price: number): 1 | 2 | 3 | 4 =>
  price === 2 || price === 3 || price === 4 ? price : 1;

function toImageCard(row: ImageRow): ImageCard {
  return imageCardOf({
    ...row,
    created: row.created.toISOString(),
    updated: row.updated.toISOString(),
  });
}

/**
 * The full image: its own substrates (stored when it entered the catalogue, from its aspect
 * ratio), and the standard sizes for its ratio priced for its tier (one price model,
 * packages/contracts/src/pricing.ts), each listing only substrates the image can have.
 */
function toImage(row: ImageRow, options: { userFavorite: boolean }): Image {
  const own = substrates(row.substrates);
  const { sizes } = availableSizes(row.max_width, row.max_height, tierOf(row.price));
  return {
    ...toImageCard(row),
    caption: row.caption,
    keywords: row.keywords,
    user_favorite: options.userFavorite,
    substrates: own,
    substrate_sizes: sizes
      .map((size) => ({
        ...size,
        prices: Object.fromEntries(
          Object.entries(size.prices).filter(([s]) => (own as string[]).includes(s)),
        ),
      }))
      .filter((size) => Object.keys(size.prices).length > 0),
    _static: staticSets(row.static_sets),
    imgsrc: mediaUrl(row.master_path),
    image_type: row.image_type,
    people: row.people,
    orientation: row.orientation,
    colours: colours(row.colours),
    popularity: row.popularity,
  };
}

export interface ImageService {
  listPublished(page: {
    limit: number;
    offset: number;
  }): Promise<Omit<ImageCardPage, 'next' | 'previous'>>;
  /**
   * One image, published or not: the storefront shows an unpublished image with 'This
   * image is unpublished and cannot be purchased.' (SPEC §8), so its detail stays readable
   * by everyone. user_favorite: the signed-in viewer's favourite.
   */
  get(id: number, viewer: Viewer): Promise<Image>;
}

export function createImageService(repository: ImageRepository): ImageService {
  return {
    async listPublished(page) {
      const [count, rows] = await Promise.all([
        repository.countPublished(),
        repository.listPublished(page),
      ]);
      return { count, results: rows.map(toImageCard) };
    },

    async get(id, viewer) {
      if (id < 1 || id > MAX_ID) throw notFound();
      const [row, userFavorite] = await Promise.all([
        repository.findById(id),
        viewer.userId === null ? false : repository.isFavourite(viewer.userId, id),
      ]);
      if (!row) throw notFound();
      return toImage(row, { userFavorite });
    },
  };
}
