import {
  COLOURS,
  EXTERNAL_SOURCES,
  IMAGE_TYPES,
  INTERNAL_SOURCES,
  ORIENTATIONS,
  STATIC_SETS,
  isExternalSource,
  orientationOf,
} from '@atelier/contracts';
import { analysePixels } from '../../modules/catalogue-import/colours';
import {
  COVERAGE_PREFIX,
  MIN_ARTISTS,
  PALETTES,
  SIZE_CLASSES,
  SIZE_CLASS_NAMES,
  artistCountFor,
  createPlanner,
  type ImagePlan,
  type SizeClass,
} from './plan';
import { sketchPicture } from './render';

const NOW = new Date('2025-06-01T00:00:00Z');
const DEMO_IMAGES = 1500;

/** The search's minimum_size classes (SPEC §9), by megapixels. */
const megapixelClass = (width: number, height: number): SizeClass => {
  const mp = (width * height) / 1e6;
  return mp >= 16 ? 'xx_large' : mp >= 12 ? 'x_large' : mp >= 3 ? 'large' : 'standard';
};

describe('demo catalogue plan (metadata, no pixels)', () => {
  const planner = createPlanner({ now: NOW });
  const images: ImagePlan[] = Array.from({ length: DEMO_IMAGES }, (_, i) =>
    planner.image(i, DEMO_IMAGES),
  );

  it('spreads 1,500 images over at least 60 artists, each with distinct name and royalty code', () => {
    expect(MIN_ARTISTS).toBeGreaterThanOrEqual(60);
    expect(artistCountFor(60)).toBe(MIN_ARTISTS);
    const artistIndexes = new Set(images.map((p) => p.artistIndex));
    expect(artistIndexes.size).toBeGreaterThanOrEqual(60);
    expect(artistIndexes.size).toBe(artistCountFor(DEMO_IMAGES));
    const artists = [...artistIndexes].map((i) => planner.artist(i));
    expect(new Set(artists.map((a) => a.name)).size).toBe(artists.length);
    expect(new Set(artists.map((a) => a.royalty_code)).size).toBe(artists.length);
    expect(artists.some((a) => a.gaa_artist) && artists.some((a) => !a.gaa_artist)).toBe(true);
    expect(artists.some((a) => !a.active)).toBe(true);
  });

  it('keeps artist names and royalty codes unique well past the name lists', () => {
    const artists = Array.from({ length: 5000 }, (_, i) => planner.artist(i));
    expect(new Set(artists.map((a) => a.name)).size).toBe(5000);
    expect(new Set(artists.map((a) => a.royalty_code)).size).toBe(5000);
  });

  it('takes about a fifth from external sources (GET/GETRM), the rest from internal ones', () => {
    const external = images.filter((p) => isExternalSource(p.source));
    expect(external.length / DEMO_IMAGES).toBeGreaterThan(0.16);
    expect(external.length / DEMO_IMAGES).toBeLessThan(0.24);
    const sources = new Set(images.map((p) => p.source));
    for (const source of [...EXTERNAL_SOURCES, ...INTERNAL_SOURCES])
      expect(sources).toContain(source);
  });

  it('has every orientation, wide and tall panoramas, and masters in every size class', () => {
    const byOrientation = new Set(images.map((p) => p.picture.orientation));
    expect([...byOrientation].sort()).toEqual([...ORIENTATIONS].sort());
    const panoramas = images.filter((p) => p.picture.orientation === 'panoramic');
    expect(panoramas.some((p) => p.picture.width > p.picture.height)).toBe(true);
    expect(panoramas.some((p) => p.picture.width < p.picture.height)).toBe(true);
    const counts: Record<string, number> = {};
    for (const { picture } of images) {
      expect(picture.orientation).toBe(orientationOf(picture.width, picture.height));
      // The recorded class is the one the search computes from the pixels.
      expect(megapixelClass(picture.width, picture.height)).toBe(picture.sizeClass);
      counts[picture.sizeClass] = (counts[picture.sizeClass] ?? 0) + 1;
    }
    for (const name of SIZE_CLASS_NAMES) {
      const share = (counts[name] ?? 0) / DEMO_IMAGES;
      const weight = SIZE_CLASSES[name].weight / 100;
      expect(share).toBeGreaterThan(weight * 0.6);
      expect(share).toBeLessThan(weight * 1.5);
    }
  });

  it('covers every filter value within the first images (small catalogues have them all)', () => {
    const prefix = images.slice(0, COVERAGE_PREFIX);
    expect(new Set(prefix.map((p) => p.picture.palette.name)).size).toBe(PALETTES.length);
    expect(new Set(prefix.map((p) => p.picture.orientation)).size).toBe(ORIENTATIONS.length);
    expect(new Set(prefix.map((p) => p.picture.sizeClass)).size).toBe(SIZE_CLASS_NAMES.length);
    expect(new Set(prefix.map((p) => p.source)).size).toBe(
      INTERNAL_SOURCES.length + EXTERNAL_SOURCES.length,
    );
    expect(new Set(prefix.map((p) => p.price))).toEqual(new Set([1, 2, 3, 4]));
    expect(new Set(prefix.map((p) => p.image_type)).size).toBe(IMAGE_TYPES.length);
    expect(new Set(prefix.map((p) => p.people))).toEqual(new Set([true, false]));
    const sets = new Set(images.flatMap((p) => p.static_sets));
    expect([...sets].sort()).toEqual([...STATIC_SETS].sort());
  });

  it('draws pictures whose measured colours give every colour filter value', () => {
    // The sketches of the coverage prefix, measured like an import measures a file.
    const found = new Set<string>();
    for (let i = 0; i < COVERAGE_PREFIX; i++) {
      for (const colour of analysePixels(sketchPicture(planner.picture(i)).data, 3).colours)
        found.add(colour);
    }
    expect([...found].sort()).toEqual([...COLOURS].sort());
  });

  it('is mostly published, spreads dates over about 8 years and has titles, captions and keywords', () => {
    const published = images.filter((p) => p.published).length / DEMO_IMAGES;
    expect(published).toBeGreaterThan(0.85);
    expect(published).toBeLessThan(1);
    const times = images.map((p) => p.created.getTime());
    const years = (Math.max(...times) - Math.min(...times)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(7);
    expect(years).toBeLessThanOrEqual(8);
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime());
    for (const p of images) {
      expect(p.title.length).toBeGreaterThan(2);
      expect(p.caption.length).toBeGreaterThan(10);
      expect(p.keywords.length).toBeGreaterThanOrEqual(4);
      expect(p.updated.getTime()).toBeGreaterThanOrEqual(p.created.getTime());
      expect([1, 2, 3, 4]).toContain(p.price);
    }
  });

  it('gives every image a unique (source, local_id)', () => {
    expect(new Set(images.map((p) => `${p.source}/${p.local_id}`)).size).toBe(DEMO_IMAGES);
  });

  it('is deterministic for a seed, whatever the batch, and differs for another seed', () => {
    const again = createPlanner({ now: NOW });
    expect(again.image(123, DEMO_IMAGES)).toEqual(images[123]);
    const other = createPlanner({ now: NOW, seed: 99 });
    expect(other.image(123, DEMO_IMAGES).title + other.image(124, DEMO_IMAGES).title).not.toBe(
      `${images[123]?.title}${images[124]?.title}`,
    );
  });

  it('reuses a pool of pictures for huge catalogues', () => {
    const pooled = createPlanner({ now: NOW, picturePool: 10 });
    const a = pooled.image(3, 1_000_000);
    const b = pooled.image(13, 1_000_000);
    expect(b.picture).toEqual(a.picture);
    expect(b.local_id).not.toBe(a.local_id);
    expect(artistCountFor(1_000_000)).toBeGreaterThanOrEqual(MIN_ARTISTS);
  });
});
