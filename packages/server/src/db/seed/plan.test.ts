import {
  EXTERNAL_SOURCES,
  INTERNAL_SOURCES,
  ORIENTATIONS,
  isExternalSource,
  orientationOf,
} from '@atelier/contracts';
import {
  MASTER_LONG_SIDE,
  MIN_ARTISTS,
  PALETTES,
  THUMB_HEIGHT,
  artistCountFor,
  createPlanner,
  type ImagePlan,
} from './plan';

const NOW = new Date('2025-06-01T00:00:00Z');
const DEMO_IMAGES = 500;

describe('demo catalogue plan (metadata, no pixels)', () => {
  const planner = createPlanner({ now: NOW });
  const images: ImagePlan[] = Array.from({ length: DEMO_IMAGES }, (_, i) =>
    planner.image(i, DEMO_IMAGES),
  );

  it('spreads 500 images over at least 40 artists, each with distinct name and royalty code', () => {
    expect(artistCountFor(DEMO_IMAGES)).toBeGreaterThanOrEqual(MIN_ARTISTS);
    const artistIndexes = new Set(images.map((p) => p.artistIndex));
    expect(artistIndexes.size).toBeGreaterThanOrEqual(40);
    const artists = [...artistIndexes].map((i) => planner.artist(i));
    expect(new Set(artists.map((a) => a.name)).size).toBe(artists.length);
    expect(new Set(artists.map((a) => a.royalty_code)).size).toBe(artists.length);
  });

  it('keeps artist names and royalty codes unique well past the name lists', () => {
    const artists = Array.from({ length: 5000 }, (_, i) => planner.artist(i));
    expect(new Set(artists.map((a) => a.name)).size).toBe(5000);
    expect(new Set(artists.map((a) => a.royalty_code)).size).toBe(5000);
  });

  it('takes about a fifth from external sources (GET/GETRM), the rest from internal ones', () => {
    const external = images.filter((p) => isExternalSource(p.source));
    expect(external.length / DEMO_IMAGES).toBeGreaterThan(0.12);
    expect(external.length / DEMO_IMAGES).toBeLessThan(0.28);
    const sources = new Set(images.map((p) => p.source));
    for (const source of [...EXTERNAL_SOURCES, ...INTERNAL_SOURCES])
      expect(sources).toContain(source);
  });

  it('has every orientation, panoramic 3:1 included, and masters with a long side near 1600 px', () => {
    const orientations = new Set(images.map((p) => p.picture.orientation));
    expect([...orientations].sort()).toEqual([...ORIENTATIONS].sort());
    expect(images.some((p) => Math.abs(p.picture.width / p.picture.height - 3) < 0.02)).toBe(true);
    for (const { picture } of images) {
      const long = Math.max(picture.width, picture.height);
      expect(long).toBeGreaterThanOrEqual(MASTER_LONG_SIDE.min);
      expect(long).toBeLessThanOrEqual(MASTER_LONG_SIDE.max);
      expect(picture.orientation).toBe(orientationOf(picture.width, picture.height));
      expect(picture.thumbHeight).toBe(THUMB_HEIGHT);
      expect(picture.thumbWidth).toBe(Math.round((THUMB_HEIGHT * picture.width) / picture.height));
    }
  });

  it('uses varied palettes, black-and-white and pastel among them', () => {
    const palettes = new Set(images.map((p) => p.picture.palette.name));
    expect(palettes.size).toBeGreaterThanOrEqual(PALETTES.length - 2);
    expect(images.some((p) => p.colours.includes('black and white'))).toBe(true);
    expect(images.some((p) => p.colours.includes('pastel'))).toBe(true);
    expect(new Set(images.map((p) => p.picture.kind)).size).toBe(5);
  });

  it('is mostly published, spreads dates over about 8 years and has titles, captions and keywords', () => {
    const published = images.filter((p) => p.published).length / DEMO_IMAGES;
    expect(published).toBeGreaterThan(0.8);
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
      expect(p.price).toBeGreaterThanOrEqual(1);
      expect(p.price).toBeLessThanOrEqual(4);
    }
  });

  it('gives every image a unique (source, local_id) and file path', () => {
    expect(new Set(images.map((p) => `${p.source}/${p.local_id}`)).size).toBe(DEMO_IMAGES);
    expect(new Set(images.map((p) => p.picture.masterPath)).size).toBe(DEMO_IMAGES);
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
