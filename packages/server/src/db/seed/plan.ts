import {
  orientationOf,
  type Colour,
  type ImageType,
  type ImageSource,
  type Orientation,
} from '@atelier/contracts';
import { createRandom, hash32, type Random } from './prng';
import {
  ADJECTIVES,
  FIRST_NAMES,
  LAST_NAMES,
  MEDIA_FINE_ART,
  MEDIA_PHOTOGRAPHY,
  MOODS,
  PLACES,
  THEMES,
  type Theme,
} from './words';

/**
 * The demo catalogue's metadata, as pure functions of (seed, index): image i is the same
 * whatever batch it is generated in, so a catalogue can be generated, resumed or extended
 * in any number of batches. Pixels are drawn separately (render.ts) from `PicturePlan`.
 */

export const DEFAULT_SEED = 20_240_601;
export const MIN_ARTISTS = 40;
const MAX_ARTISTS = 5000;
const IMAGES_PER_ARTIST = 12;
const YEARS_SPAN = 8;
const DAY_MS = 86_400_000;

export const MASTER_LONG_SIDE = { min: 1400, max: 1800 } as const;
export const THUMB_HEIGHT = 400;

export type Rgb = readonly [number, number, number];

export interface Palette {
  name: string;
  colours: readonly Rgb[];
  /** Colour filter values (SPEC §9) this palette answers to. */
  tags: readonly Colour[];
  /** Drawn in greys and saved as a greyscale JPEG. */
  monochrome: boolean;
}

export const PALETTES: readonly Palette[] = [
  {
    name: 'black and white',
    colours: [
      [14, 14, 14],
      [92, 92, 92],
      [176, 176, 176],
      [244, 244, 244],
    ],
    tags: ['black and white', 'black', 'white', 'grey'],
    monochrome: true,
  },
  {
    name: 'pastel dawn',
    colours: [
      [248, 200, 220],
      [255, 228, 225],
      [200, 220, 245],
      [230, 215, 250],
    ],
    tags: ['pastel', 'pink', 'blue', 'purple'],
    monochrome: false,
  },
  {
    name: 'pastel mint',
    colours: [
      [200, 240, 220],
      [255, 250, 205],
      [210, 230, 250],
      [250, 218, 221],
    ],
    tags: ['pastel', 'green', 'yellow'],
    monochrome: false,
  },
  {
    name: 'pale linen',
    colours: [
      [250, 246, 238],
      [236, 230, 218],
      [224, 228, 232],
      [245, 240, 230],
    ],
    tags: ['pale', 'cream', 'white'],
    monochrome: false,
  },
  {
    name: 'neutral stone',
    colours: [
      [196, 182, 160],
      [150, 130, 110],
      [225, 215, 200],
      [110, 100, 92],
    ],
    tags: ['neutral', 'beige', 'tan', 'brown'],
    monochrome: false,
  },
  {
    name: 'ocean',
    colours: [
      [10, 40, 90],
      [30, 100, 160],
      [120, 190, 220],
      [230, 240, 245],
    ],
    tags: ['blue', 'white'],
    monochrome: false,
  },
  {
    name: 'sunset',
    colours: [
      [250, 120, 40],
      [230, 60, 50],
      [120, 40, 90],
      [255, 200, 90],
    ],
    tags: ['orange', 'red', 'purple', 'yellow'],
    monochrome: false,
  },
  {
    name: 'forest',
    colours: [
      [20, 60, 30],
      [60, 110, 50],
      [150, 170, 90],
      [90, 70, 40],
    ],
    tags: ['green', 'brown'],
    monochrome: false,
  },
  {
    name: 'gilded',
    colours: [
      [200, 160, 60],
      [40, 30, 20],
      [230, 200, 120],
      [120, 80, 30],
    ],
    tags: ['gold', 'black', 'brown'],
    monochrome: false,
  },
  {
    name: 'crimson',
    colours: [
      [150, 20, 30],
      [220, 50, 50],
      [250, 220, 200],
      [60, 10, 20],
    ],
    tags: ['red', 'cream'],
    monochrome: false,
  },
  {
    name: 'lavender',
    colours: [
      [120, 90, 170],
      [180, 150, 210],
      [230, 220, 245],
      [70, 50, 110],
    ],
    tags: ['purple'],
    monochrome: false,
  },
  {
    name: 'citrus',
    colours: [
      [250, 210, 40],
      [250, 150, 30],
      [120, 180, 60],
      [255, 245, 200],
    ],
    tags: ['yellow', 'orange', 'green'],
    monochrome: false,
  },
  {
    name: 'desert',
    colours: [
      [210, 170, 120],
      [180, 120, 70],
      [240, 220, 180],
      [130, 80, 50],
    ],
    tags: ['tan', 'beige', 'brown', 'orange'],
    monochrome: false,
  },
  {
    name: 'slate',
    colours: [
      [70, 80, 90],
      [130, 140, 150],
      [200, 205, 210],
      [30, 35, 40],
    ],
    tags: ['grey', 'black'],
    monochrome: false,
  },
  {
    name: 'rose',
    colours: [
      [230, 120, 160],
      [250, 190, 210],
      [150, 40, 90],
      [255, 240, 245],
    ],
    tags: ['pink', 'red'],
    monochrome: false,
  },
];

const PALETTE_WEIGHTS: Record<string, number> = {
  'black and white': 12,
  'pastel dawn': 7,
  'pastel mint': 7,
  'pale linen': 8,
  'neutral stone': 10,
};

export const PICTURE_KINDS = ['gradient', 'bands', 'circles', 'noise', 'horizon'] as const;
export type PictureKind = (typeof PICTURE_KINDS)[number];

/** Width:height ratios, by orientation. */
const ASPECTS: readonly (readonly [number, number])[] = [
  [2 / 3, 14],
  [3 / 4, 10],
  [4 / 5, 6],
  [1 / 2, 3], // vertical
  [3 / 2, 16],
  [4 / 3, 10],
  [16 / 9, 8],
  [5 / 4, 4], // horizontal
  [1, 12], // square
  [3, 8],
  [5 / 2, 4],
  [2, 3], // panoramic
];

const SOURCE_WEIGHTS: readonly (readonly [ImageSource, number])[] = [
  ['GET', 15],
  ['GETRM', 5], // external stock: 1/5
  ['GAA', 20],
  ['BJOR', 8],
  ['DOM', 8],
  ['WAG', 8],
  ['MCG', 8],
  ['BR', 6],
  ['GI', 6],
  ['POE', 6],
  ['BUR', 5],
  ['PIN', 5],
];

export interface PicturePlan {
  index: number;
  width: number;
  height: number;
  orientation: Orientation;
  palette: Palette;
  kind: PictureKind;
  /** Seeds the drawing's details (positions, angles, noise). */
  seed: number;
  /** Relative to MEDIA_DIR. */
  masterPath: string;
  thumbPath: string;
  thumbWidth: number;
  thumbHeight: number;
}

export interface ArtistPlan {
  index: number;
  name: string;
  royalty_code: string;
  gaa_artist: boolean;
  active: boolean;
  created: Date;
}

export interface ImagePlan {
  index: number;
  local_id: string;
  source: ImageSource;
  artistIndex: number;
  title: string;
  caption: string;
  keywords: string[];
  created: Date;
  updated: Date;
  price: number;
  published: boolean;
  popularity: number;
  image_type: ImageType;
  people: boolean;
  colours: Colour[];
  static_sets: string[];
  picture: PicturePlan;
}

export interface PlanOptions {
  seed?: number;
  /** The newest possible `created`; dates spread over the 8 years before it. */
  now?: Date;
  /**
   * Reuse this many pictures across the catalogue (image i shows picture i % pool), so
   * that a very large catalogue does not need a file per image. Default: one per image.
   */
  picturePool?: number;
}

export interface CataloguePlanner {
  readonly seed: number;
  readonly now: Date;
  /** How many artists a catalogue of `total` images has. */
  artistCount(total: number): number;
  artist(index: number): ArtistPlan;
  picture(index: number): PicturePlan;
  image(index: number, total: number): ImagePlan;
}

/** The start of the current UTC day: a default `now` that is stable within a day. */
export const startOfUtcDay = (date: Date = new Date()): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export function artistCountFor(total: number): number {
  return Math.max(MIN_ARTISTS, Math.min(MAX_ARTISTS, Math.ceil(total / IMAGES_PER_ARTIST)));
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

/** Artist j's name: a distinct first/last pair for j < 3600, then a middle initial. */
function artistName(index: number): string {
  const f = FIRST_NAMES.length;
  const l = LAST_NAMES.length;
  const first = FIRST_NAMES[index % f] as string;
  // (j mod F, (j div F + j) mod L) is one-to-one for j < F*L because gcd(F + 1, L) = 1.
  const last = LAST_NAMES[(Math.floor(index / f) + index) % l] as string;
  const round = Math.floor(index / (f * l));
  return round === 0
    ? `${first} ${last}`
    : `${first} ${String.fromCharCode(64 + (round % 26))}. ${last}`;
}

function shardOf(index: number): string {
  return (index % 256).toString(16).padStart(2, '0');
}

function pictureSize(rng: Random): { width: number; height: number } {
  const ratio = rng.weighted(ASPECTS);
  const longSide = rng.int(MASTER_LONG_SIDE.min / 8, MASTER_LONG_SIDE.max / 8) * 8;
  return ratio >= 1
    ? { width: longSide, height: Math.round(longSide / ratio) }
    : { width: Math.round(longSide * ratio), height: longSide };
}

function localIdFor(source: ImageSource, index: number): string {
  if (source === 'GET' || source === 'GETRM') {
    // A multiplicative hash: distinct 10-digit numbers, like a stock agency's ids.
    return String(1_000_000_000 + ((index * 2_654_435_761) % 900_000_000));
  }
  return `${source}${String(index + 1).padStart(6, '0')}`;
}

function titleFor(rng: Random, theme: Theme, noun: string): string {
  const adjective = rng.pick(ADJECTIVES);
  switch (rng.int(0, 4)) {
    case 0:
      return `${adjective} ${noun}`;
    case 1:
      return `${noun} at ${rng.pick(PLACES)}`;
    case 2:
      return theme.name === 'abstract' ? `${noun} No. ${rng.int(1, 40)}` : `The ${noun}`;
    case 3:
      return `${adjective} ${noun}, ${rng.pick(PLACES)}`;
    default:
      return `${noun} in ${capitalise(rng.pick(MOODS))} Light`;
  }
}

export function createPlanner(options: PlanOptions = {}): CataloguePlanner {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? startOfUtcDay();
  const pool = options.picturePool;
  if (pool !== undefined && (!Number.isInteger(pool) || pool < 1)) {
    throw new Error('picturePool must be a positive integer');
  }
  const spanMs = YEARS_SPAN * 365.25 * DAY_MS;
  const paletteWeights = PALETTES.map((p) => [p, PALETTE_WEIGHTS[p.name] ?? 5] as const);

  const picture = (index: number): PicturePlan => {
    const rng = createRandom(hash32(seed, 0x9c7, index));
    const { width, height } = pictureSize(rng);
    const thumbWidth = Math.max(1, Math.round((THUMB_HEIGHT * width) / height));
    const name = `${String(index).padStart(7, '0')}.jpg`;
    return {
      index,
      width,
      height,
      orientation: orientationOf(width, height),
      palette: rng.weighted(paletteWeights),
      kind: rng.pick(PICTURE_KINDS),
      seed: hash32(seed, 0xd7a, index),
      masterPath: `originals/${shardOf(index)}/${name}`,
      thumbPath: `thumbs/${shardOf(index)}/${name}`,
      thumbWidth,
      thumbHeight: THUMB_HEIGHT,
    };
  };

  const artist = (index: number): ArtistPlan => {
    const rng = createRandom(hash32(seed, 0xa57, index));
    const name = artistName(index);
    const [first = 'X', ...rest] = name.split(' ');
    const last = rest[rest.length - 1] ?? first;
    const start = now.getTime() - spanMs;
    return {
      index,
      name,
      royalty_code:
        `${first.charAt(0)}${last.slice(0, 3)}${String(index + 1).padStart(4, '0')}`.toUpperCase(),
      gaa_artist: rng.chance(0.6),
      active: rng.chance(0.92),
      created: new Date(start - rng.int(0, 365) * DAY_MS - rng.int(0, DAY_MS - 1)),
    };
  };

  const image = (index: number, total: number): ImagePlan => {
    const rng = createRandom(hash32(seed, 0x1a6, index));
    const artists = artistCountFor(total);
    // The first images go one to each artist, so every artist has work; the rest are skewed
    // towards a few prolific artists.
    const artistIndex = index < artists ? index : Math.floor(artists * rng.next() ** 1.6);
    const source = rng.weighted(SOURCE_WEIGHTS);
    const theme = rng.pick(THEMES);
    const noun = rng.pick(theme.nouns);
    const pic = picture(pool === undefined ? index : index % pool);
    const photography = rng.chance(pic.palette.monochrome ? 0.85 : theme.photographyShare);
    const mood = rng.pick(MOODS);
    const medium = rng.pick(photography ? MEDIA_PHOTOGRAPHY : MEDIA_FINE_ART);
    const keywordSet = new Set<string>([
      ...rng.sample(theme.keywords, rng.int(3, 6)),
      (noun.split(' ')[0] ?? noun).toLowerCase(),
      ...rng.sample(pic.palette.tags, rng.int(1, 2)),
      mood,
      photography ? 'photography' : 'fine art',
    ]);
    const createdMs = now.getTime() - rng.next() ** 1.2 * spanMs;
    const updatedMs = Math.min(
      now.getTime(),
      createdMs + rng.int(0, 200) * DAY_MS * (rng.chance(0.5) ? 1 : 0),
    );
    const staticRoll = rng.next();
    return {
      index,
      local_id: localIdFor(source, index),
      source,
      artistIndex,
      title: titleFor(rng, theme, noun),
      caption: `${medium}: ${article(mood)} ${mood} ${theme.name} study in ${pic.palette.name} tones.`,
      keywords: [...keywordSet],
      created: new Date(Math.floor(createdMs)),
      updated: new Date(Math.floor(updatedMs)),
      price: rng.weighted([
        [1, 20],
        [2, 40],
        [3, 28],
        [4, 12],
      ] as const),
      published: rng.chance(0.92),
      popularity: Math.floor(rng.next() ** 3 * 1000),
      image_type: photography ? 'photography' : 'fine art',
      people: rng.chance(theme.peopleShare),
      colours: [...pic.palette.tags],
      static_sets:
        staticRoll < 0.03
          ? ['government', 'commercial']
          : staticRoll < 0.11
            ? ['government']
            : staticRoll < 0.19
              ? ['commercial']
              : [],
      picture: pic,
    };
  };

  return { seed, now, artistCount: artistCountFor, artist, picture, image };
}
