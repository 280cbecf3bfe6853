import { tagCode } from '../indexer/tags';
import { cardinality } from './bitset';
import { CatalogueIndex, indexQuery, type IndexQuery, type IndexRow } from './catalogue-index';
import { FACET_EXACT_UP_TO, FACET_SAMPLE } from './sample-masks';
import { parseTsquery } from './tsquery';

/** A small deterministic PRNG: the same catalogue on every run. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const WORDS = ['boat', 'sea', 'harbour', 'fog', 'heron', 'dune', 'city', 'night'];
const ORIENTATIONS = ['vertical', 'horizontal', 'square', 'panoramic'] as const;
const COLOURS = ['red', 'blue', 'green', 'gold'] as const;

interface Image extends IndexRow {
  words: string[];
}

function catalogue(size: number, seed = 1): Image[] {
  const random = prng(seed);
  return Array.from({ length: size }, (_, i) => {
    const words = Array.from(
      { length: 1 + Math.floor(random() * 4) },
      () => WORDS[Math.floor(random() * WORDS.length)] as string,
    );
    const positions = new Map<string, number[]>();
    words.forEach((word, p) => positions.set(word, [...(positions.get(word) ?? []), p + 1]));
    const colours = COLOURS.filter(() => random() < 0.4);
    return {
      id: i + 1,
      created: 1_700_000_000_000_000 + Math.floor(random() * 50) * 1_000_000,
      popularity: Math.floor(random() * 20),
      published: random() < 0.9,
      artist_id: 1 + Math.floor(random() * 7),
      tags: [
        tagCode('orientation', ORIENTATIONS[Math.floor(random() * 4)] as string) as number,
        tagCode('price', String(1 + Math.floor(random() * 4))) as number,
        ...colours.map((colour) => tagCode('colours', colour) as number),
      ],
      search: [...positions]
        .map(([word, at]) => `'${word}':${at.map((p) => `${p}A`).join(',')}`)
        .join(' '),
      words,
    };
  });
}

const query = indexQuery;

const newest = (a: Image, b: Image) => b.created - a.created || b.id - a.id;
const popular = (a: Image, b: Image) => b.popularity - a.popularity || newest(a, b);

function built(images: Image[], moveCost?: number): CatalogueIndex {
  const index = new CatalogueIndex(8, moveCost === undefined ? {} : { moveCost });
  // In batches, as index-sync reads them: the index grows as it goes.
  for (let i = 0; i < images.length; i += 97) index.apply(images.slice(i, i + 97));
  return index;
}

function pageOf(
  index: CatalogueIndex,
  q: IndexQuery,
  sort: 'newest' | 'popular',
  offset: number,
  limit: number,
) {
  return index.idsOf(index.page(index.resultSets(q).all, sort, offset, limit));
}

describe('CatalogueIndex', () => {
  const images = catalogue(3000);
  const index = built(images);
  const visible = images.filter((image) => image.published);
  const has = (word: string) => (image: Image) => image.words.includes(word);
  const coloured = (colour: string) => (image: Image) =>
    image.tags.includes(tagCode('colours', colour) as number);

  it('finds words, any-of, exclusions and filters as a brute force does', () => {
    const cases: [IndexQuery, (image: Image) => boolean][] = [
      [query({ text: parseTsquery("'boat'") }), has('boat')],
      [query({ text: parseTsquery("'boat' & 'sea'") }), (i) => has('boat')(i) && has('sea')(i)],
      [query({ text: parseTsquery("'heron' | 'dune'") }), (i) => has('heron')(i) || has('dune')(i)],
      [
        query({ text: parseTsquery("'city' & !'night'") }),
        (i) => has('city')(i) && !has('night')(i),
      ],
      [query({ text: parseTsquery("!'fog'") }), (i) => !has('fog')(i)],
      [query({ text: parseTsquery("'unknown'") }), () => false],
      [
        query({
          filters: {
            colours: [tagCode('colours', 'red') as number, tagCode('colours', 'gold') as number],
          },
        }),
        (i) => coloured('red')(i) || coloured('gold')(i),
      ],
      [query({ artistIds: [2, 5] }), (i) => i.artist_id === 2 || i.artist_id === 5],
      [query({ imageIds: [4, 9, 99_999] }), (i) => i.id === 4 || i.id === 9],
      [
        query({
          within: [
            [1, 2, 3, 4, 5],
            [4, 5, 6],
          ],
        }),
        (i) => i.id === 4 || i.id === 5,
      ],
      [query({ excludeIds: [1, 2] }), (i) => i.id > 2],
    ];
    for (const [q, predicate] of cases) {
      const want = visible
        .filter(predicate)
        .sort(newest)
        .map((i) => i.id);
      expect(index.resultSets(q).all.size).toBe(want.length);
      expect(pageOf(index, q, 'newest', 0, 10_000)).toEqual(want);
    }
  });

  it('shows unpublished images only when asked to', () => {
    expect(index.resultSets(query({ includeUnpublished: true })).all.size).toBe(images.length);
    expect(index.resultSets(query()).all.size).toBe(visible.length);
  });

  it('matches a phrase only with its words at the right distance', () => {
    const phrase = (first: string, second: string, distance: number) => (image: Image) =>
      image.words.some((word, p) => word === first && image.words[p + distance] === second);
    for (const [text, predicate] of [
      ["'sea' <-> 'boat'", phrase('sea', 'boat', 1)],
      ["'sea' <2> 'boat'", phrase('sea', 'boat', 2)],
      [
        "!( 'fog' <-> 'city' ) & 'city'",
        (i: Image) => !phrase('fog', 'city', 1)(i) && has('city')(i),
      ],
    ] as const) {
      const q = query({ text: parseTsquery(text) });
      const want = visible
        .filter(predicate)
        .sort(newest)
        .map((i) => i.id);
      expect(want.length).toBeGreaterThan(0);
      expect(pageOf(index, q, 'newest', 0, 10_000)).toEqual(want);
    }
  });

  it('pages in both orders the same way, whether it walks the order or sorts the set', () => {
    for (const [q, predicate] of [
      [query(), () => true],
      [
        query({ text: parseTsquery("'heron' & 'fog'") }),
        (i: Image) => has('heron')(i) && has('fog')(i),
      ],
      // Few enough images that even a first page gathers them and sorts them by place.
      [
        query({ text: parseTsquery("'heron' & 'fog' & 'dune'") }),
        (i: Image) => has('heron')(i) && has('fog')(i) && has('dune')(i),
      ],
    ] as const) {
      for (const [sort, compare] of [
        ['newest', newest],
        ['popular', popular],
      ] as const) {
        const want = visible
          .filter(predicate)
          .sort(compare)
          .map((i) => i.id);
        expect(want.length).toBeGreaterThan(0);
        for (const [offset, limit] of [
          [0, 10],
          [7, 25],
          [Math.max(0, want.length - 3), 10],
          [want.length + 5, 10],
        ] as const) {
          expect(pageOf(index, q, sort, offset, limit)).toEqual(want.slice(offset, offset + limit));
        }
      }
    }
  });

  it('counts facets exactly up to the cap, and estimates from a uniform sample beyond it', () => {
    const { all } = index.resultSets(query());
    const size = cardinality(all.set);
    expect(all.size).toBe(size);
    const red = tagCode('colours', 'red') as number;
    const wantRed = visible.filter(coloured('red')).length;
    const exact = index.tagCounts(all, ['colours'], size, 300);
    expect(exact).toMatchObject({ estimated: false });
    expect(exact.counts.get(red)).toBe(wantRed);
    const sampled = index.tagCounts(all, ['colours', 'orientation'], 300, 300);
    expect(sampled.estimated).toBe(true);
    expect(Math.abs((sampled.counts.get(red) ?? 0) - wantRed)).toBeLessThan(wantRed * 0.25);
    // One orientation each: the scaled orientation counts add up to the set.
    const orientations = ORIENTATIONS.reduce(
      (sum, o) => sum + (sampled.counts.get(tagCode('orientation', o) as number) ?? 0),
      0,
    );
    expect(Math.abs(orientations - size)).toBeLessThanOrEqual(4);
  });

  it("counts exactly alike reading each slot's tags or ANDing the tags' bitsets", () => {
    // Few values on a sparse set read each slot's tags; many, or a dense set, the bitsets.
    const spread = images.filter((_, i) => i % 37 === 0).map((image) => image.id);
    const dimensions = ['orientation', 'price', 'colours'] as const;
    for (const [q, predicate] of [
      [query(), () => true],
      [query({ text: parseTsquery("'heron'") }), has('heron')],
      [query({ within: [spread] }), (i: Image) => spread.includes(i.id)],
    ] as const) {
      const { all } = index.resultSets(q);
      const want = new Map<number, number>();
      for (const image of visible.filter(predicate)) {
        for (const code of image.tags) want.set(code, (want.get(code) ?? 0) + 1);
      }
      expect(index.tagCounts(all, dimensions, all.size, 0)).toEqual({
        counts: want,
        estimated: false,
      });
      for (const dimension of dimensions) {
        const codes = new Set(
          ['vertical', 'horizontal', 'square', 'panoramic', '1', '2', '3', '4', ...COLOURS].map(
            (value) => tagCode(dimension, value),
          ),
        );
        const one = index.tagCounts(all, [dimension], all.size, 0);
        expect(one.counts).toEqual(new Map([...want].filter(([code]) => codes.has(code))));
      }
    }
  });

  it('estimates facets after tags change as an index built with the new tags does', () => {
    const images = catalogue(3000, 5);
    const changing = built(images);
    const count = (ix: CatalogueIndex) =>
      ix.tagCounts(ix.resultSets(query()).all, ['colours', 'orientation', 'price'], 200, 200);
    // Counted often enough that the sample's tags are kept side by side (packedSample).
    const before = count(changing);
    for (let i = 0; i < 4; i++) expect(count(changing)).toEqual(before);
    expect(before.estimated).toBe(true);
    // A third of the images get other tags (a re-import), the rest are unchanged.
    const changed = images.map((image, i) =>
      i % 3 === 0
        ? {
            ...image,
            tags: [
              tagCode('orientation', 'panoramic') as number,
              tagCode('price', '4') as number,
              tagCode('colours', 'gold') as number,
            ],
          }
        : image,
    );
    changing.apply(changed.filter((_, i) => i % 3 === 0));
    const after = count(changing);
    const fresh = built(changed);
    expect(after).toEqual(count(fresh));
    // Once made again from the new tags, the same counts.
    for (let i = 0; i < 4; i++) expect(count(changing)).toEqual(after);
    expect(after.counts).not.toEqual(before.counts);
  });

  it('estimates facets of a clustered catalogue within ±5 % (values of a tenth or more)', () => {
    // 200,000 images in runs of 40 to 3,000 alike (a batch import per artist and shoot):
    // consecutive slots share their colours, orientation and price.
    const random = prng(11);
    const rows: IndexRow[] = [];
    while (rows.length < 200_000) {
      const run = 40 + Math.floor(random() * 2960);
      const tags = [
        tagCode('orientation', ORIENTATIONS[Math.floor(random() * 4)] as string) as number,
        tagCode('price', String(1 + Math.floor(random() ** 3 * 4))) as number,
        ...COLOURS.filter(() => random() < 0.3).map((c) => tagCode('colours', c) as number),
      ];
      for (let i = 0; i < run && rows.length < 200_000; i++) {
        const id = rows.length + 1;
        rows.push({
          id,
          created: id,
          popularity: 0,
          published: true,
          artist_id: 1,
          tags,
          search: `'w${id % 7}':1A`,
        });
      }
    }
    const large = new CatalogueIndex(rows.length);
    large.apply(rows);
    const dimensions = ['colours', 'orientation', 'price'] as const;
    for (const q of [query(), query({ text: parseTsquery("'w3' | 'w5'") })]) {
      const { all } = large.resultSets(q);
      const exact = large.tagCounts(all, dimensions, all.size, 0);
      const estimate = large.tagCounts(all, dimensions, 32_767, 16_384);
      expect(exact.estimated).toBe(false);
      expect(estimate.estimated).toBe(true);
      expect(exact.counts.size).toBeGreaterThan(8);
      for (const [code, want] of exact.counts) {
        const got = estimate.counts.get(code) ?? 0;
        if (want >= all.size / 10) expect(Math.abs(got - want)).toBeLessThanOrEqual(want * 0.05);
        else expect(Math.abs(got - want)).toBeLessThanOrEqual(all.size * 0.005);
      }
      // One dimension of a few values (a facet counted without its own filter) costs fewer
      // word ANDs than its sample's slots: counted exactly, whatever the set's size.
      const orientations = new Set(ORIENTATIONS.map((o) => tagCode('orientation', o)));
      expect(large.tagCounts(all, ['orientation'], 32_767, 16_384)).toEqual({
        counts: new Map([...exact.counts].filter(([code]) => orientations.has(code))),
        estimated: false,
      });
    }
    // A set past the exact limit but far smaller than the catalogue (a word in a seventh of
    // it) is estimated from part of its slots (sampleOf), as closely as a large one.
    const { all: mid } = large.resultSets(query({ text: parseTsquery("'w3'") }));
    expect(mid.size).toBeGreaterThan(FACET_EXACT_UP_TO);
    expect(mid.size).toBeLessThan(2 * FACET_SAMPLE);
    const exact = large.tagCounts(mid, dimensions, mid.size, 0);
    const estimate = large.tagCounts(mid, dimensions, FACET_EXACT_UP_TO, FACET_SAMPLE);
    expect(estimate.estimated).toBe(true);
    for (const [code, want] of exact.counts) {
      const got = estimate.counts.get(code) ?? 0;
      if (want >= mid.size / 10) expect(Math.abs(got - want)).toBeLessThanOrEqual(want * 0.05);
      else expect(Math.abs(got - want)).toBeLessThanOrEqual(mid.size * 0.005);
    }
  });

  it('counts a sample alike in place and from its side-by-side tags, on sparse sets too', () => {
    const counted = built(catalogue(3000, 9));
    const dimensions = ['colours', 'orientation', 'price'] as const;
    for (const q of [
      query({ text: parseTsquery("'heron'") }),
      query({ text: parseTsquery("'boat' | 'fog'") }),
      query(),
    ]) {
      const { all } = counted.resultSets(q);
      const count = () => counted.tagCounts(counted.resultSets(q).all, dimensions, 100, 100);
      // The first counts read in place; once they have read as many slots as making the
      // side-by-side copy reads, it is made and read.
      const first = count();
      expect(first.estimated).toBe(all.size > 100);
      for (let i = 0; i < 12; i++) expect(count()).toEqual(first);
    }
  });

  it('leaves each filter out of its own facet set, whatever the number of filters', () => {
    const codes = {
      colours: [tagCode('colours', 'red') as number],
      orientation: [tagCode('orientation', 'square') as number],
      price: [tagCode('price', '1') as number, tagCode('price', '2') as number],
      substrate: [] as number[],
    };
    const holds = (image: Image, dimension: keyof typeof codes) =>
      codes[dimension].some((code) => image.tags.includes(code));
    const dimensions = Object.keys(codes) as (keyof typeof codes)[];
    for (const text of [null, parseTsquery("'heron'")]) {
      for (let k = 1; k <= dimensions.length; k++) {
        const used = dimensions.slice(0, k);
        const sets = index.resultSets(
          query({ text, filters: Object.fromEntries(used.map((d) => [d, codes[d]])) }),
        );
        const matching = visible.filter((i) => text === null || has('heron')(i));
        const want = (except: string | null) =>
          matching.filter((i) => used.every((d) => d === except || holds(i, d))).length;
        expect(sets.all.size).toBe(want(null));
        expect(cardinality(sets.all.set)).toBe(sets.all.size);
        for (const d of used) {
          const without = sets.without.get(d);
          expect(without?.size).toBe(want(d));
          expect(cardinality(without?.set ?? new Uint32Array(0))).toBe(want(d));
        }
      }
    }
  });

  it('leaves each filter out of its own facet set', () => {
    const red = tagCode('colours', 'red') as number;
    const square = tagCode('orientation', 'square') as number;
    const sets = index.resultSets(query({ filters: { colours: [red], orientation: [square] } }));
    const isSquare = (i: Image) => i.tags.includes(square);
    expect(sets.all.size).toBe(visible.filter((i) => coloured('red')(i) && isSquare(i)).length);
    expect(sets.without.get('colours')?.size).toBe(visible.filter(isSquare).length);
    expect(sets.without.get('orientation')?.size).toBe(visible.filter(coloured('red')).length);
    // The sizes are the sets' own.
    for (const set of [sets.all, ...sets.without.values()])
      expect(cardinality(set.set)).toBe(set.size);
  });

  it('applies changes: in place, a new slot for new words, removals and re-inserts', () => {
    const small = catalogue(200, 7);
    const live = built(small);
    const version = live.version;
    const [first, second, third] = small as [Image, Image, Image];
    // Popularity and publishing change in place; the popular order follows.
    live.apply([{ ...first, popularity: 1000, published: true }]);
    expect(pageOf(live, query(), 'popular', 0, 1)).toEqual([first.id]);
    // New words: found by them, no longer by the old ones.
    live.apply([{ ...second, published: true, search: "'zebra':1A" }]);
    expect(pageOf(live, query({ text: parseTsquery("'zebra'") }), 'newest', 0, 10)).toEqual([
      second.id,
    ]);
    for (const word of second.words) {
      expect(
        pageOf(live, query({ text: parseTsquery(`'${word}'`) }), 'newest', 0, 1000),
      ).not.toContain(second.id);
    }
    // A word on one image is kept compactly until a second image has it too.
    live.apply([{ ...first, id: 9001, published: true, search: "'zebra':2B 'cross':3B" }]);
    expect(pageOf(live, query({ text: parseTsquery("'zebra'") }), 'newest', 0, 10).sort()).toEqual(
      [second.id, 9001].sort(),
    );
    expect(
      pageOf(live, query({ text: parseTsquery("'zebra' <-> 'cross'") }), 'newest', 0, 10),
    ).toEqual([9001]);
    // Removed, then a removal together with the row again (deleted and re-inserted).
    live.apply([], [third.id]);
    expect(pageOf(live, query({ includeUnpublished: true }), 'newest', 0, 1000)).not.toContain(
      third.id,
    );
    live.apply([{ ...third, published: true }], [third.id]);
    expect(pageOf(live, query(), 'newest', 0, 1000)).toContain(third.id);
    expect(live.size).toBe(small.length + 1);
    expect(live.version).toBeGreaterThan(version);
  });

  it('takes batches of popularity changes into the popular order alone, as a full sort has it', () => {
    const random = prng(11);
    const images = catalogue(4000, 5).map((image) => ({
      ...image,
      // Most images never sold: one large tie broken by newest, as in the catalogue.
      popularity: random() < 0.7 ? 0 : image.popularity,
    }));
    // Slots moved one by one at this size too (by default a merge is cheaper below ~1%).
    const live = built(images, 1);
    const rare = query({ text: parseTsquery("'heron' & 'night'") });
    const rareWant = (image: Image) =>
      image.published && has('heron')(image) && has('night')(image);
    // Warm: the orders are built; the kept counts and sets are those of this setsVersion.
    pageOf(live, query(), 'popular', 0, 10);
    const setsVersion = live.setsVersion;
    const { sorts, merges } = live.orderStats;
    for (let round = 0; round < 25; round++) {
      const changed = new Map<number, Image>();
      for (let k = 0; k < 1 + Math.floor(random() * 80); k++) {
        const image = images[Math.floor(random() * images.length)] as Image;
        // Mostly bumps; now and then a correction downwards; repeats within a batch.
        image.popularity = Math.max(0, image.popularity + Math.floor(random() * 6) - 1);
        changed.set(image.id, image);
      }
      const version = live.version;
      live.apply([...changed.values()].map(({ words: _words, ...row }) => row));
      live.prepareOrders();
      expect(live.version).toBeGreaterThan(version);
      const want = images.filter((image) => image.published).sort(popular);
      // The walk of the order (every image) and the sort of a small set by rank.
      expect(pageOf(live, query(), 'popular', 0, 50)).toEqual(want.slice(0, 50).map((i) => i.id));
      expect(pageOf(live, query(), 'popular', 1234, 40)).toEqual(
        want.slice(1234, 1274).map((i) => i.id),
      );
      expect(pageOf(live, rare, 'popular', 0, 1000)).toEqual(
        want.filter(rareWant).map((i) => i.id),
      );
    }
    expect(pageOf(live, query(), 'popular', 0, 5000)).toEqual(
      images
        .filter((image) => image.published)
        .sort(popular)
        .map((i) => i.id),
    );
    // No sort, no merge pass: only the changed slots moved.
    expect(live.orderStats).toMatchObject({ sorts, merges });
    expect(live.orderStats.moves).toBeGreaterThan(25);
    // Nothing a search counts or matches changed: the newest order stands, kept sets stay.
    expect(live.setsVersion).toBe(setsVersion);
    expect(pageOf(live, query(), 'newest', 0, 5000)).toEqual(
      images
        .filter((image) => image.published)
        .sort(newest)
        .map((i) => i.id),
    );
    // A batch mixing popularity with other changes: merged into both orders.
    const [a, b, c] = images as [Image, Image, Image];
    a.popularity += 500;
    b.created += 99_000_000;
    c.published = !c.published;
    live.apply(
      [a, b, c].map(({ words: _words, ...row }) => row),
      [images[3]?.id as number],
    );
    images.splice(3, 1);
    expect(live.setsVersion).toBeGreaterThan(setsVersion);
    for (const [sort, compare] of [
      ['newest', newest],
      ['popular', popular],
    ] as const) {
      expect(pageOf(live, query(), sort, 0, 5000)).toEqual(
        images
          .filter((image) => image.published)
          .sort(compare)
          .map((i) => i.id),
      );
    }
  });

  it('answers a repeated phrase or any-of from its kept matches, and follows changes', () => {
    const small = catalogue(300, 11);
    const live = built(small);
    const phrase = query({ text: parseTsquery("'sea' <-> 'boat'") });
    const before = pageOf(live, phrase, 'newest', 0, 1000);
    expect(before.length).toBeGreaterThan(0);
    // Again, with a filter: the same words, narrowed by the filter only.
    const red = tagCode('colours', 'red') as number;
    const filtered = query({ text: parseTsquery("'sea' <-> 'boat'"), filters: { colours: [red] } });
    const redIds = new Set(small.filter((i) => i.tags.includes(red)).map((i) => i.id));
    expect(pageOf(live, filtered, 'newest', 0, 1000)).toEqual(
      before.filter((id) => redIds.has(id)),
    );
    // A new image with the phrase, and one that loses it: both seen at once.
    const [lost] = before as [number];
    const lostImage = small.find((i) => i.id === lost) as Image;
    live.apply([
      { ...lostImage, search: "'dune':1A" },
      { ...lostImage, id: 5000, published: true, search: "'sea':1A 'boat':2A" },
    ]);
    const after = pageOf(live, phrase, 'newest', 0, 1000);
    expect(after).toContain(5000);
    expect(after).not.toContain(lost);
    // More different searches than are kept: every answer is still right.
    const anyOf = (a: string, b: string) => query({ text: parseTsquery(`'${a}' | '${b}'`) });
    for (const a of WORDS) {
      for (const b of WORDS) {
        const want = small
          .map((i) => (i.id === lost ? { ...i, words: ['dune'] } : i))
          .filter((i) => i.published && (has(a)(i) || has(b)(i)))
          .map((i) => i.id);
        const got = pageOf(live, anyOf(a, b), 'newest', 0, 1000).filter((id) => id !== 5000);
        expect(got.sort((x, y) => x - y)).toEqual(want.sort((x, y) => x - y));
      }
    }
    expect(pageOf(live, phrase, 'newest', 0, 1000)).toEqual(after);
  });

  it('ranks every match by the best field of each word, then in the popular order', () => {
    const live = new CatalogueIndex();
    const image = (id: number, search: string, popularity: number): IndexRow => ({
      id,
      created: 1_700_000_000_000_000 + id,
      popularity,
      published: true,
      artist_id: 1,
      tags: [],
      search,
    });
    live.apply([
      image(1, "'heron':9C", 50), // in the caption
      image(2, "'heron':1A", 10), // in the title
      image(3, "'heron':4B", 40), // a keyword
      image(4, "'heron':4B,7B 'dune':1A", 30), // a keyword (twice: still a keyword), less popular
      image(5, "'heron':5C", 5), // a caption, less popular than 1
    ]);
    const { all } = live.resultSets(query({ text: parseTsquery("'heron'") }));
    const best = (offset: number, limit: number) =>
      live.idsOf(live.bestMatch(all, ['heron'], null, offset, limit));
    expect(best(0, 10)).toEqual([2, 3, 4, 1, 5]);
    expect(best(1, 2)).toEqual([3, 4]);
    expect(best(4, 10)).toEqual([5]);
  });

  it('ranks a phrase by its tiers, each match once, in pages that add up to the whole', () => {
    // Titles exactly the phrase, holding it, and the rest: tiers of different sizes and
    // words of the bitsets, the whole phrase's matches.
    const phrase = parseTsquery("'boat' <-> 'sea'");
    const { all } = index.resultSets(query({ text: phrase }));
    const rank = (offset: number, limit: number) =>
      index.idsOf(index.bestMatch(all, ['boat', 'sea'], phrase, offset, limit));
    const whole = rank(0, all.size);
    const matching = visible.filter((i) => i.words.join(' ').includes('boat sea'));
    expect(whole.length).toBe(all.size);
    expect([...whole].sort((a, b) => a - b)).toEqual(matching.map((i) => i.id));
    const paged: number[] = [];
    for (let offset = 0; offset < all.size; offset += 7) paged.push(...rank(offset, 7));
    expect(paged).toEqual(whole);
    const exact = new Set(
      matching.filter((i) => i.words.join(' ') === 'boat sea').map((i) => i.id),
    );
    expect(exact.size).toBeGreaterThan(0);
    expect(exact.size).toBeLessThan(whole.length);
    expect(whole.slice(0, exact.size).every((id) => exact.has(id))).toBe(true);
  });

  it('ranks a query of many words image by image, a whole-phrase title first', () => {
    const live = new CatalogueIndex();
    const image = (id: number, search: string, popularity: number): IndexRow => ({
      id,
      created: 1_700_000_000_000_000 + id,
      popularity,
      published: true,
      artist_id: 1,
      tags: [],
      search,
    });
    const words = ['a1', 'b2', 'c3', 'd4', 'e5'];
    live.apply([
      image(1, words.map((w, i) => `'${w}':${i + 10}C`).join(' '), 90), // all in the caption
      image(2, words.map((w, i) => `'${w}':${i + 1}A`).join(' '), 1), // the title, in order
      image(3, words.map((w, i) => `'${w}':${2 * i + 1}A`).join(' '), 5), // the title, apart
      image(4, words.map((w, i) => `'${w}':${i + 10}B`).join(' '), 50), // keywords
    ]);
    const text = parseTsquery(words.map((w) => `'${w}'`).join(' & '));
    const phrase = parseTsquery(words.map((w) => `'${w}'`).join(' <-> '));
    const { all } = live.resultSets(query({ text }));
    expect(live.idsOf(live.bestMatch(all, words, phrase, 0, 10))).toEqual([2, 3, 4, 1]);
    expect(live.idsOf(live.bestMatch(all, words, phrase, 1, 2))).toEqual([3, 4]);
  });

  it("matches a longer phrase at any of its first words' places, not only the first", () => {
    const live = new CatalogueIndex();
    const row = (id: number, search: string): IndexRow => ({
      id,
      created: 1_700_000_000_000_000 + id,
      popularity: 0,
      published: true,
      artist_id: 1,
      tags: [],
      search,
    });
    live.apply([
      // "sea boat" twice; only the second is followed by "fog".
      row(1, "'sea':1,4 'boat':2,5 'harbour':3 'fog':6"),
      row(2, "'sea':1 'boat':2 'fog':4"),
      row(3, "'sea':1 'boat':2 'fog':3"),
    ]);
    const { all } = live.resultSets(query({ text: parseTsquery("'sea' <-> 'boat' <-> 'fog'") }));
    expect(live.idsOf(live.page(all, 'newest', 0, 10))).toEqual([3, 1]);
  });

  it('puts every title holding the phrase first, of a filtered set with many of them', () => {
    const live = new CatalogueIndex();
    const vertical = tagCode('orientation', 'vertical') as number;
    const horizontal = tagCode('orientation', 'horizontal') as number;
    // Titles holding "sea boat" (unpopular) and titles holding both words apart (popular),
    // vertical and horizontal in turn: the phrase's title positions are read for the
    // vertical ones only, and every one of them must rank first (the last vertical image is
    // one: a read stopping one title short drops it).
    const rows: IndexRow[] = Array.from({ length: 400 }, (_, i) => {
      const phrase = i % 2 === 1;
      return {
        id: i + 1,
        created: 1_700_000_000_000_000 + i,
        popularity: phrase ? 1 : 50,
        published: true,
        artist_id: 1,
        tags: [Math.floor(i / 2) % 2 === 0 ? vertical : horizontal],
        search: phrase ? "'sea':1A 'boat':2A 'light':3A" : "'boat':1A 'harbour':2A 'sea':3A",
      };
    });
    live.apply(rows);
    const text = parseTsquery("'sea' & 'boat'");
    const phrase = parseTsquery("'sea' <-> 'boat'");
    const { all } = live.resultSets(query({ text, filters: { orientation: [vertical] } }));
    const titled = rows
      .filter((row, i) => i % 2 === 1 && row.tags.includes(vertical))
      .map((row) => row.id);
    expect(titled.length).toBe(100);
    const ranked = live.idsOf(live.bestMatch(all, ['sea', 'boat'], phrase, 0, all.size));
    expect(ranked).toHaveLength(200);
    expect([...ranked.slice(0, titled.length)].sort((a, b) => a - b)).toEqual(titled);
  });

  it('knows which words could be local ids', () => {
    const live = new CatalogueIndex();
    live.apply([{ ...(images[0] as Image), localId: 'GAA0001234' }]);
    expect(live.mayBeLocalId('gaa0001234')).toBe(true);
    expect(live.mayBeLocalId('GAA0001234')).toBe(true);
    expect(live.mayBeLocalId('heron')).toBe(false);
    // Beyond ASCII, PostgreSQL's lower() decides: always looked up.
    expect(live.mayBeLocalId('Ärger')).toBe(true);
  });

  it('answers alike after its word caches let go of sets and reuse them', () => {
    // 40 words on most of 2,600 images: each is common enough for its set and field classes
    // to be cached, and more than the classes' cache holds, so they are evicted and reused.
    const words = Array.from({ length: 40 }, (_, w) => `word${String.fromCharCode(97 + w)}`);
    const random = prng(11);
    const make = (from: number, count: number): Image[] =>
      Array.from({ length: count }, (_, i) => {
        const held = words.filter(() => random() < 0.85);
        return {
          id: from + i,
          created: 1_700_000_000_000_000 + (from + i) * 1_000_000,
          popularity: Math.floor(random() * 20),
          published: true,
          artist_id: 1,
          tags: [],
          search: held.map((word, p) => `'${word}':${p + 1}${'ABC'[p % 3]}`).join(' '),
          words: held,
        };
      });
    const images = make(1, 2_600);
    const live = built(images);
    const setOf = (word: string) =>
      pageOf(live, query({ text: parseTsquery(`'${word}'`) }), 'newest', 0, 10_000);
    const bestOf = (word: string, index = live) => {
      const { all } = index.resultSets(query({ text: parseTsquery(`'${word}'`) }));
      return index.idsOf(index.bestMatch(all, [word], null, 0, 200));
    };
    const want = (word: string) =>
      images
        .filter((image) => image.words.includes(word))
        .sort(newest)
        .map((image) => image.id);
    const first = new Map(words.map((word) => [word, bestOf(word)]));
    for (const word of [...words].reverse()) {
      expect(setOf(word)).toEqual(want(word));
      expect(bestOf(word)).toEqual(first.get(word));
    }
    // More images: every cached set and class is stale and made again; the answers are a
    // fresh index's.
    images.push(...make(2_601, 300));
    live.apply(images.slice(2_600));
    const fresh = built(images);
    for (const word of words) {
      expect(setOf(word)).toEqual(want(word));
      expect(bestOf(word)).toEqual(bestOf(word, fresh));
    }
  });
});
