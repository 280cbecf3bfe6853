import {
  orientationOf,
  type Colour,
  type ImageType,
  type ImageSource,
  type Orientation,
} from '@atelier/contracts';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { createRandom, hash32, type Random } from './prng';
import { EXTERNAL_SOURCES, INTERNAL_SOURCES } from '@atelier/contracts';
import {
  ADJECTIVES,
  COLOUR_ADJECTIVES,
  FIRST_NAMES,
  LAST_NAMES,
  MEDIA_FINE_ART,
  MEDIA_FINE_ART_MONOCHROME,
  MEDIA_PHOTOGRAPHY,
  MEDIA_PHOTOGRAPHY_MONOCHROME,
  MOODS,
} from './words';

/**
 * The demo catalogue's metadata, as pure functions of (seed, index): image i is the same
 * whatever batch it is generated in, so a catalogue can be generated, resumed or extended
 * in any number of batches. Pixels are drawn separately (render.ts) from `PicturePlan`.
 */

export const DEFAULT_SEED = 20_240_601;
/**
 * The demo artist account's catalogue artist (accounts.ts links them): artist 0, named as
 * the account, who has the most images of any artist (the skew in `image` favours low
 * indexes) and one of the first images whatever the catalogue's size.
 */
export const DEMO_ARTIST_INDEX = 0;
export const MIN_ARTISTS = 60;
const MAX_ARTISTS = 5000;
const IMAGES_PER_ARTIST = 12;
const YEARS_SPAN = 8;
const DAY_MS = 86_400_000;
/** Share of colour pictures that are photographs (grey ones are mostly photographs). */
const PHOTOGRAPHY_SHARE = 0.45;

/**
 * Master sizes. Most masters are ordinary (long side 1000–1400 px, about 1 MP); some reach
 * the search's minimum_size classes (large 3 MP+, x_large 12 MP+, xx_large 16 MP+). Every
 * master is a real JPEG of exactly the recorded pixels, scaled up by sharp from a small
 * drawing (render.ts). Pixels cost time (a 16 MP master is ~10x a 1 MP one), so the big
 * classes are a few percent of the catalogue: enough for every filter, and a first start of
 * 1,500 images stays well under 90 s on 2 cores.
 */
export const SIZE_CLASSES = {
  standard: { weight: 80, longSide: { min: 1000, max: 1400 } },
  large: { weight: 14, megapixels: { min: 3.1, max: 4.6 } },
  x_large: { weight: 3, megapixels: { min: 12.1, max: 13.6 } },
  xx_large: { weight: 3, megapixels: { min: 16.1, max: 17.6 } },
} as const;
export type SizeClass = keyof typeof SIZE_CLASSES;
export const SIZE_CLASS_NAMES = Object.keys(SIZE_CLASSES) as SizeClass[];

/**
 * The first COVERAGE_PREFIX images take every palette, aspect, size class, source, price,
 * image type and people value in turn, so that even a small catalogue (tests, a demo with
 * DEMO_IMAGES=60) has every filter value of SPEC §9; the rest are drawn at random.
 */
export const COVERAGE_PREFIX = 24;

export type Rgb = readonly [number, number, number];

export interface Palette {
  name: string;
  colours: readonly Rgb[];
  /**
   * Colour filter values (SPEC §9) this palette's pictures usually measure as. The demo
   * catalogue's colours are measured from its pixels; these are for keywords and for
   * synthetic rows that have no picture of their own.
   */
  tags: readonly Colour[];
  /**
   * The colours a demo caption names (a qualifier such as 'pastel' first, then hues):
   * those its pictures measure as nearly always (plan.test.ts measures the drawings).
   * 'black and white' for a monochrome palette, and only there.
   */
  lead: readonly Colour[];
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
    lead: ['black and white'],
    monochrome: true,
  },
  {
    name: 'pastel dawn',
    colours: [
      [246, 190, 215],
      [252, 212, 212],
      [190, 212, 245],
      [222, 204, 250],
    ],
    tags: ['pastel', 'pink', 'blue', 'purple'],
    lead: ['pastel', 'purple', 'pink'],
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
    tags: ['pastel', 'green', 'cream', 'blue', 'pink'],
    lead: ['pastel', 'green', 'cream'],
    monochrome: false,
  },
  {
    name: 'pale linen',
    colours: [
      [250, 246, 238],
      [236, 230, 218],
      [240, 234, 222],
      [245, 240, 230],
    ],
    tags: ['pale', 'white', 'beige'],
    lead: ['pale', 'beige', 'white'],
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
    tags: ['neutral', 'grey', 'tan', 'beige'],
    lead: ['neutral', 'tan', 'grey'],
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
    lead: ['blue'],
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
    tags: ['orange', 'red', 'pink', 'purple'],
    lead: ['orange', 'red'],
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
    tags: ['green', 'brown', 'yellow'],
    lead: ['green', 'brown'],
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
    tags: ['gold', 'brown', 'tan', 'black'],
    lead: ['brown', 'gold'],
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
    tags: ['red', 'beige', 'pink'],
    lead: ['red'],
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
    lead: ['purple'],
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
    tags: ['yellow', 'orange', 'green', 'cream', 'gold'],
    lead: ['orange', 'yellow'],
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
    tags: ['tan', 'brown', 'beige'],
    lead: ['tan', 'brown'],
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
    tags: ['neutral', 'grey', 'black'],
    lead: ['grey'],
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
    tags: ['pink', 'white'],
    lead: ['pink'],
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

/**
 * What render.ts draws for each kind: the phrase a demo caption says it with, the keywords
 * that name it and the nouns its titles use. Titles, captions and keywords name only what is
 * drawn, so a buyer searching 'trees' or 'portrait' is not shown a study of circles.
 */
export const PICTURE_SUBJECTS: Record<
  PictureKind,
  { phrase: string; keywords: string[]; nouns: readonly string[] }
> = {
  gradient: {
    phrase: 'soft gradient',
    keywords: ['gradient', 'abstract'],
    nouns: ['Gradient', 'Fade', 'Glow', 'Haze', 'Wash', 'Veil', 'Drift', 'Blend'],
  },
  bands: {
    phrase: 'pattern of soft-edged stripes',
    keywords: ['stripes', 'pattern', 'abstract'],
    nouns: ['Stripes', 'Bands', 'Lines', 'Strata', 'Layers', 'Rhythm', 'Weave'],
  },
  circles: {
    phrase: 'study of overlapping circles',
    keywords: ['circles', 'shapes', 'abstract'],
    nouns: ['Circles', 'Orbits', 'Rings', 'Spheres', 'Discs', 'Overlap', 'Eclipse'],
  },
  noise: {
    phrase: 'cloudy, mottled texture',
    keywords: ['texture', 'abstract'],
    nouns: ['Texture', 'Grain', 'Mottle', 'Clouds', 'Mist', 'Fog', 'Static'],
  },
  horizon: {
    phrase: 'horizon of rolling hills under a glowing sun',
    keywords: ['horizon', 'hills', 'sun', 'landscape'],
    nouns: ['Horizon', 'Hills', 'Sunrise', 'Sunset', 'Valley', 'Dusk', 'Uplands'],
  },
};

/** Width:height ratios: vertical, horizontal, square, panoramic (wide and tall). */
export const ASPECTS: readonly (readonly [number, number])[] = [
  [2 / 3, 14],
  [3 / 4, 10],
  [4 / 5, 6], // vertical
  [3 / 2, 16],
  [4 / 3, 10],
  [16 / 9, 8],
  [5 / 4, 4], // horizontal
  [1, 12], // square
  [3, 7],
  [5 / 2, 4],
  [2, 3],
  [1 / 2, 2], // panoramic (the last one tall)
];

export const SOURCE_WEIGHTS: readonly (readonly [ImageSource, number])[] = [
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
  /** Pixels of the master file. */
  width: number;
  height: number;
  orientation: Orientation;
  sizeClass: SizeClass;
  palette: Palette;
  kind: PictureKind;
  /** Seeds the drawing's details (positions, angles, noise). */
  seed: number;
}

interface ArtistPlan {
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
  static_sets: ('government' | 'commercial')[];
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
const startOfUtcDay = (date: Date = new Date()): Date =>
  new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

export function artistCountFor(total: number): number {
  return Math.max(MIN_ARTISTS, Math.min(MAX_ARTISTS, Math.ceil(total / IMAGES_PER_ARTIST)));
}

const capitalise = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);
const article = (word: string): string => (/^[aeiou]/i.test(word) ? 'an' : 'a');

const QUALIFIERS: readonly Colour[] = ['pastel', 'pale', 'neutral'];

/** 'pastel purple and pink', 'orange and red', 'black and white': a palette's lead colours. */
function colourPhrase(palette: Palette): string {
  const qualifier = palette.lead.filter((colour) => QUALIFIERS.includes(colour));
  const hues = palette.lead.filter((colour) => !QUALIFIERS.includes(colour));
  const listed =
    hues.length > 1 ? `${hues.slice(0, -1).join(', ')} and ${hues[hues.length - 1]}` : hues[0];
  return [...qualifier, listed].join(' ');
}

/** The title adjectives true of a palette: a colour adjective only for its colour. */
function adjectivesFor(palette: Palette): readonly string[] {
  return ADJECTIVES.filter((adjective) => {
    const colours = COLOUR_ADJECTIVES[adjective];
    return !colours || colours.some((colour) => palette.tags.includes(colour as Colour));
  });
}

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

/** Master pixels for a ratio and a size class (sides rounded to 8 px). */
function masterSize(
  rng: Random,
  ratio: number,
  sizeClass: SizeClass,
): { width: number; height: number } {
  const spec = SIZE_CLASSES[sizeClass];
  if ('longSide' in spec) {
    const long = rng.int(spec.longSide.min / 8, spec.longSide.max / 8) * 8;
    return ratio >= 1
      ? { width: long, height: Math.round(long / ratio) }
      : { width: Math.round(long * ratio), height: long };
  }
  const pixels =
    (spec.megapixels.min + rng.next() * (spec.megapixels.max - spec.megapixels.min)) * 1e6;
  const width = Math.round(Math.sqrt(pixels * ratio) / 8) * 8;
  return { width, height: Math.round(width / ratio / 8) * 8 };
}

function localIdFor(source: ImageSource, index: number): string {
  if (source === 'GET' || source === 'GETRM') {
    // A multiplicative hash: distinct 10-digit numbers, like a stock agency's ids.
    return String(1_000_000_000 + ((index * 2_654_435_761) % 900_000_000));
  }
  return `${source}${String(index + 1).padStart(6, '0')}`;
}

function titleFor(rng: Random, noun: string, palette: Palette): string {
  const adjective = rng.pick(adjectivesFor(palette));
  switch (rng.int(0, 4)) {
    case 0:
      return `${adjective} ${noun}`;
    case 1:
      return `${noun} in ${capitaliseWords(colourPhrase(palette))}`;
    case 2:
      return `${noun} No. ${rng.int(1, 40)}`;
    case 3:
      return `The ${adjective} ${noun}`;
    default:
      return `${noun} in ${capitalise(rng.pick(MOODS))} Light`;
  }
}

const capitaliseWords = (text: string): string =>
  text
    .split(' ')
    .map((word) => (word === 'and' ? word : capitalise(word)))
    .join(' ');

const ALL_SOURCES: readonly ImageSource[] = [...INTERNAL_SOURCES, ...EXTERNAL_SOURCES];

export function createPlanner(options: PlanOptions = {}): CataloguePlanner {
  const seed = options.seed ?? DEFAULT_SEED;
  const now = options.now ?? startOfUtcDay();
  const pool = options.picturePool;
  if (pool !== undefined && (!Number.isInteger(pool) || pool < 1)) {
    throw new Error('picturePool must be a positive integer');
  }
  const spanMs = YEARS_SPAN * 365.25 * DAY_MS;
  const paletteWeights = PALETTES.map((p) => [p, PALETTE_WEIGHTS[p.name] ?? 5] as const);

  const sizeWeights = SIZE_CLASS_NAMES.map((name) => [name, SIZE_CLASSES[name].weight] as const);
  // Size classes of the coverage prefix: every class early on, the big ones once each.
  const coverSizes: SizeClass[] = ['standard', 'large', 'x_large', 'xx_large'];

  const picture = (index: number): PicturePlan => {
    const rng = createRandom(hash32(seed, 0x9c7, index));
    const cover = index < COVERAGE_PREFIX;
    const ratio = cover
      ? (ASPECTS[index % ASPECTS.length] as readonly [number, number])[0]
      : rng.weighted(ASPECTS);
    const sizeClass =
      cover && index < coverSizes.length * 4 && index % 4 === 3
        ? (coverSizes[Math.floor(index / 4)] as SizeClass)
        : cover
          ? 'standard'
          : rng.weighted(sizeWeights);
    const { width, height } = masterSize(rng, ratio, sizeClass);
    const palette = cover
      ? (PALETTES[index % PALETTES.length] as Palette)
      : rng.weighted(paletteWeights);
    const kind = cover
      ? (PICTURE_KINDS[index % PICTURE_KINDS.length] as PictureKind)
      : rng.pick(PICTURE_KINDS);
    return {
      index,
      width,
      height,
      orientation: orientationOf(width, height),
      sizeClass,
      palette,
      kind,
      seed: hash32(seed, 0xd7a, index),
    };
  };

  const artist = (index: number): ArtistPlan => {
    const rng = createRandom(hash32(seed, 0xa57, index));
    const name = index === DEMO_ARTIST_INDEX ? DEMO_ACCOUNTS.artist.name : artistName(index);
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
    const cover = index < COVERAGE_PREFIX;
    const source = cover
      ? (ALL_SOURCES[index % ALL_SOURCES.length] as ImageSource)
      : rng.weighted(SOURCE_WEIGHTS);
    const pic = picture(pool === undefined ? index : index % pool);
    const subject = PICTURE_SUBJECTS[pic.kind];
    const noun = rng.pick(subject.nouns);
    const photographyRoll = rng.chance(pic.palette.monochrome ? 0.85 : PHOTOGRAPHY_SHARE);
    const photography = cover ? index % 2 === 0 : photographyRoll;
    const mood = rng.pick(MOODS);
    // The medium says black and white exactly when the picture is drawn in greys.
    const monochrome = pic.palette.monochrome;
    const medium = rng.pick(
      photography
        ? monochrome
          ? MEDIA_PHOTOGRAPHY_MONOCHROME
          : MEDIA_PHOTOGRAPHY
        : monochrome
          ? MEDIA_FINE_ART_MONOCHROME
          : MEDIA_FINE_ART,
    );
    const keywordSet = new Set<string>([
      noun.toLowerCase(),
      ...rng.sample(pic.palette.tags, rng.int(1, 2)),
      ...subject.keywords,
      mood,
      photography ? 'photography' : 'fine art',
    ]);
    const createdMs = now.getTime() - rng.next() ** 1.2 * spanMs;
    const updatedMs = Math.min(
      now.getTime(),
      createdMs + rng.int(0, 200) * DAY_MS * (rng.chance(0.5) ? 1 : 0),
    );
    const staticRoll = rng.next();
    const priceRoll = rng.weighted([
      [1, 20],
      [2, 40],
      [3, 28],
      [4, 12],
    ] as const);
    return {
      index,
      local_id: localIdFor(source, index),
      source,
      artistIndex,
      title: titleFor(rng, noun, pic.palette),
      // What render.ts draws: its shapes and its colours (the title is the theme's).
      caption: `${medium}: ${article(mood)} ${mood} ${subject.phrase} in ${colourPhrase(pic.palette)}.`,
      keywords: [...keywordSet],
      created: new Date(Math.floor(createdMs)),
      updated: new Date(Math.floor(updatedMs)),
      price: cover ? (index % 4) + 1 : priceRoll,
      published: rng.chance(0.92),
      popularity: Math.floor(rng.next() ** 3 * 1000),
      image_type: photography ? 'photography' : 'fine art',
      // Nothing render.ts draws shows a person: the people filter finds no demo image.
      people: false,
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
