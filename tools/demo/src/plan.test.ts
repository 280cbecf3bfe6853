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
  // Drawing and measuring a picture is the costly part: each picture is measured once for the
  // tests that look at its colours.
  const measurements = new Map<number, string[]>();
  const measuredColours = (i: number, picture = planner.picture(i)): string[] => {
    let colours = measurements.get(i);
    if (!colours) {
      colours = analysePixels(sketchPicture(picture).data, 3).colours as string[];
      measurements.set(i, colours);
    }
    return colours;
  };

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
    const wrong: ImagePlan['picture'][] = [];
    for (const { picture } of images) {
      // The recorded class is the one the search computes from the pixels.
      if (
        picture.orientation !== orientationOf(picture.width, picture.height) ||
        megapixelClass(picture.width, picture.height) !== picture.sizeClass
      )
        wrong.push(picture);
      counts[picture.sizeClass] = (counts[picture.sizeClass] ?? 0) + 1;
    }
    expect(wrong).toEqual([]);
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
      for (const colour of measuredColours(i)) found.add(colour);
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
    // The images that break a rule (one assertion: expect() per image was most of the time).
    const wrong = images.filter(
      (p) =>
        p.title.length <= 2 ||
        p.caption.length <= 10 ||
        p.keywords.length < 4 ||
        p.updated.getTime() < p.created.getTime() ||
        ![1, 2, 3, 4].includes(p.price),
    );
    expect(wrong).toEqual([]);
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
    // Every broken rule, by caption; one assertion (expect() per check was most of the time).
    const wrong: string[] = [];
    for (const p of images) {
      const grey = p.picture.palette.monochrome;
      const tags = p.picture.palette.tags as string[];
      if (NO_COLOUR.test(p.caption) !== grey) wrong.push(`${p.caption} (no-colour words)`);
      if (p.caption.endsWith(' in black and white.') !== grey)
        wrong.push(`${p.caption} (ends in black and white)`);
      if (p.keywords.includes('black and white') && !grey)
        wrong.push(`${p.caption} (keyword black and white)`);
      for (const keyword of p.keywords) {
        if ((COLOURS as readonly string[]).includes(keyword) && !tags.includes(keyword))
          wrong.push(`${p.caption} (keyword ${keyword} not in ${tags.join(', ')})`);
      }
      // A colour adjective in a title is a colour of the picture's palette.
      for (const [adjective, colours] of Object.entries(words.COLOUR_ADJECTIVES)) {
        if (p.title.split(/[\s,]+/).includes(adjective) && !colours.some((c) => tags.includes(c)))
          wrong.push(`${p.title} (adjective ${adjective} not in ${tags.join(', ')})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('titles and keywords name only what is drawn', () => {
    const drawn = (kind: PictureKind) => PICTURE_SUBJECTS[kind];
    const otherKindsWords = (kind: PictureKind) =>
      PICTURE_KINDS.filter((k) => k !== kind).flatMap((k) =>
        drawn(k).nouns.map((noun) => noun.toLowerCase()),
      );
    const others = new Map(PICTURE_KINDS.map((kind) => [kind, new Set(otherKindsWords(kind))]));
    // Every broken rule, by title; one assertion (expect() per check was most of the time).
    const wrong: string[] = [];
    for (const p of images) {
      const subject = drawn(p.picture.kind);
      if (!subject.nouns.some((noun) => p.title.includes(noun)))
        wrong.push(`${p.title} (no ${p.picture.kind} noun)`);
      // A keyword is the drawing's own, its colours, its mood or its medium: never a noun of
      // another kind of drawing (a 'sunset' keyword on a study of circles).
      for (const keyword of p.keywords) {
        if (!subject.keywords.includes(keyword) && others.get(p.picture.kind)?.has(keyword))
          wrong.push(`${p.title} (keyword ${keyword} of another kind)`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('describes the shapes drawn and names colours the drawing measures as', () => {
    // Every broken rule, by caption; one assertion (expect() per check was most of the time).
    const wrong: string[] = [];
    for (const p of images) {
      const subject = PICTURE_SUBJECTS[p.picture.kind];
      const lead = p.picture.palette.lead as readonly string[];
      if (!p.caption.includes(subject.phrase)) wrong.push(`${p.caption} (no ${subject.phrase})`);
      for (const keyword of subject.keywords)
        if (!p.keywords.includes(keyword)) wrong.push(`${p.caption} (no keyword ${keyword})`);
      for (const colour of lead)
        if (!p.caption.includes(colour)) wrong.push(`${p.caption} (lead colour ${colour} unnamed)`);
      // No other colour word than the palette's lead colours.
      const description = (p.caption.split(':')[1] ?? '').replace('black and white', '');
      const named = COLOURS.filter((c) => new RegExp(`\\b${c}\\b`).test(description));
      for (const colour of named)
        if (!lead.includes(colour)) wrong.push(`${p.caption} (${colour} is not a lead colour)`);
    }
    expect(wrong).toEqual([]);
    // The drawings, measured as the import measures a file: the colour mode always matches,
    // and the named colours are there (at least one of them always).
    let named = 0;
    let measured = 0;
    for (const [i, p] of images.slice(0, 200).entries()) {
      const colours = measuredColours(i, p.picture);
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
