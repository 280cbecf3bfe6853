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
import { analysePixels } from '@atelier/server/src/modules/catalogue-import/testing';
import {
  COVERAGE_PREFIX,
  DEMO_ACCOUNTS,
  DEMO_ARTIST_INDEX,
  MIN_ARTISTS,
  PALETTES,
  PICTURE_KINDS,
  PICTURE_SUBJECTS,
  SIZE_CLASSES,
  SIZE_CLASS_NAMES,
  artistCountFor,
  createPlanner,
  type ImagePlan,
  type PictureKind,
  type SizeClass,
  sketchPicture,
  words,
} from '@atelier/demo-data';

/** Words that claim a picture has no colour. */
const NO_COLOUR =
  /black and white|monochrome|greyscale|grayscale|silver gelatin|charcoal drawing|graphite|ink wash|etching/i;

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
    // Nothing drawn shows a person: no demo image claims people.
    expect(images.filter((p) => p.people)).toEqual([]);
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

  it('says black and white exactly when the picture is drawn in greys, in title, caption and keywords', () => {
    const monochrome = images.filter((p) => p.picture.palette.monochrome);
    expect(monochrome.length).toBeGreaterThan(50);
    for (const p of images) {
      const grey = p.picture.palette.monochrome;
      expect([p.caption, NO_COLOUR.test(p.caption)]).toEqual([p.caption, grey]);
      expect([p.caption, p.caption.endsWith(' in black and white.')]).toEqual([p.caption, grey]);
      expect(p.keywords.includes('black and white')).toBe(
        grey && p.keywords.includes('black and white'),
      );
      for (const keyword of p.keywords) {
        if ((COLOURS as readonly string[]).includes(keyword)) {
          expect([p.caption, keyword, p.picture.palette.tags]).toEqual([
            p.caption,
            keyword,
            expect.arrayContaining([keyword]),
          ]);
        }
      }
      // A colour adjective in a title is a colour of the picture's palette.
      for (const [adjective, colours] of Object.entries(words.COLOUR_ADJECTIVES)) {
        if (p.title.split(/[\s,]+/).includes(adjective)) {
          expect(colours.some((c) => (p.picture.palette.tags as string[]).includes(c))).toBe(true);
        }
      }
    }
  });

  it('titles and keywords name only what is drawn', () => {
    const drawn = (kind: PictureKind) => PICTURE_SUBJECTS[kind];
    const otherKindsWords = (kind: PictureKind) =>
      PICTURE_KINDS.filter((k) => k !== kind).flatMap((k) =>
        drawn(k).nouns.map((noun) => noun.toLowerCase()),
      );
    for (const p of images) {
      const subject = drawn(p.picture.kind);
      expect(subject.nouns.some((noun) => p.title.includes(noun))).toBe(true);
      // A keyword is the drawing's own, its colours, its mood or its medium: never a noun of
      // another kind of drawing (a 'sunset' keyword on a study of circles).
      for (const word of otherKindsWords(p.picture.kind))
        expect(p.keywords.filter((k) => !subject.keywords.includes(k))).not.toContain(word);
    }
  });

  it('describes the shapes drawn and names colours the drawing measures as', () => {
    for (const p of images) {
      const subject = PICTURE_SUBJECTS[p.picture.kind];
      expect(p.caption).toContain(subject.phrase);
      expect(p.keywords).toEqual(expect.arrayContaining(subject.keywords));
      for (const colour of p.picture.palette.lead) expect(p.caption).toContain(colour);
      // No other colour word than the palette's lead colours.
      const description = (p.caption.split(':')[1] ?? '').replace('black and white', '');
      const named = COLOURS.filter((c) => new RegExp(`\\b${c}\\b`).test(description));
      for (const colour of named) {
        expect([p.caption, p.picture.palette.lead]).toEqual([
          p.caption,
          expect.arrayContaining([colour]),
        ]);
      }
    }
    // The drawings, measured as the import measures a file: the colour mode always matches,
    // and the named colours are there (at least one of them always).
    let named = 0;
    let measured = 0;
    for (const p of images.slice(0, 200)) {
      const colours = analysePixels(sketchPicture(p.picture).data, 3).colours as string[];
      const lead = p.picture.palette.lead;
      expect([p.caption, colours.includes('black and white')]).toEqual([
        p.caption,
        p.picture.palette.monochrome,
      ]);
      expect([p.caption, lead.some((c) => colours.includes(c))]).toEqual([p.caption, true]);
      named += lead.length;
      measured += lead.filter((c) => colours.includes(c)).length;
    }
    expect(measured / named).toBeGreaterThan(0.9);
  });

  it('gives the demo artist account’s artist a fair share of the images', () => {
    expect(planner.artist(DEMO_ARTIST_INDEX).name).toBe(DEMO_ACCOUNTS.artist.name);
    const counts = new Map<number, number>();
    for (const p of images) counts.set(p.artistIndex, (counts.get(p.artistIndex) ?? 0) + 1);
    const own = counts.get(DEMO_ARTIST_INDEX) ?? 0;
    expect(own).toBeGreaterThanOrEqual(DEMO_IMAGES / artistCountFor(DEMO_IMAGES));
    expect(own).toBe(Math.max(...counts.values()));
  });
});
