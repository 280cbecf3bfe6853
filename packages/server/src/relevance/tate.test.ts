import { parseRecord } from '../modules/catalogue-import/testing';
import {
  MAX_ASPECT,
  UNKNOWN_ARTIST,
  aspectRatio,
  makersOf,
  parseDimensions,
  subjectsOf,
  tateRecord,
  type TateArtwork,
} from './tate';

/** Tate's N00079 (Reynolds), cut down to the fields the converter reads. */
const reynolds: TateArtwork = {
  acno: 'N00079',
  title: 'Three Ladies Adorning a Term of Hymen',
  all_artists: 'Sir Joshua Reynolds',
  classification: 'painting',
  contributors: [{ id: 444, fc: 'Sir Joshua Reynolds', role: 'artist', displayOrder: 1 }],
  medium: 'Oil paint on canvas',
  dateText: '1773',
  acquisitionYear: 1837,
  dimensions: 'support: 2337 x 2908 mm\r\nframe: 2902 x 3382 x 180 mm',
  subjects: {
    id: 1,
    name: 'subject',
    children: [
      {
        name: 'people',
        children: [
          { name: 'portraits', children: [{ name: 'groups' }, { name: 'individuals: female' }] },
          { name: 'adults', children: [{ name: 'woman' }] },
        ],
      },
      { name: 'nature', children: [{ name: 'landscape', children: [{ name: 'wooded' }] }] },
    ],
  },
};

describe('parseDimensions', () => {
  it('reads height before width, as the text gives them (not the swapped width/height fields)', () => {
    // Rothko's Black on Maroon is a landscape: 2667 mm high, 4572 mm wide.
    expect(parseDimensions('support: 2667 x 4572 x 38 mm')).toEqual({ height: 2667, width: 4572 });
  });

  it('takes the support or image over the frame, whatever the order', () => {
    expect(parseDimensions('frame: 2902 x 3382 x 180 mm\r\nsupport: 2337 x 2908 mm')).toEqual({
      height: 2337,
      width: 2908,
    });
    expect(parseDimensions('image: 105 x 155 mm, support: 150 x 210 mm')).toEqual({
      height: 150,
      width: 210,
    });
    expect(parseDimensions('frame: 500 x 400 x 50 mm')).toEqual({ height: 500, width: 400 });
  });

  it('reads unlabelled and decimal sizes and refuses texts without two sizes', () => {
    expect(parseDimensions('object: 12.5 × 30 cm')).toEqual({ height: 12.5, width: 30 });
    expect(parseDimensions('203 x 127 mm')).toEqual({ height: 203, width: 127 });
    expect(parseDimensions('duration: 12min')).toBeNull();
    expect(parseDimensions('')).toBeNull();
    expect(parseDimensions(null)).toBeNull();
    expect(parseDimensions('support: 0 x 200 mm')).toBeNull();
  });
});

describe('aspectRatio', () => {
  it('is width over height, square without dimensions and clamped for extreme shapes', () => {
    expect(aspectRatio({ height: 2667, width: 4572 })).toBeCloseTo(1.714, 3);
    expect(aspectRatio({ height: 300, width: 150 })).toBe(0.5);
    expect(aspectRatio(null)).toBe(1);
    expect(aspectRatio({ height: 10, width: 1000 })).toBe(MAX_ASPECT);
    expect(aspectRatio({ height: 1000, width: 10 })).toBe(1 / MAX_ASPECT);
  });
});

describe('makersOf and subjectsOf', () => {
  it('keeps the contributors credited as the artist, in display order', () => {
    const artwork: TateArtwork = {
      ...reynolds,
      contributors: [
        { id: 2, fc: 'David Lucas', role: 'artist', displayOrder: 2 },
        { id: 3, fc: 'J.M.W. Engraver', role: 'after', displayOrder: 3 },
        { id: 1, fc: 'John Constable', role: 'artist', displayOrder: 1 },
      ],
    };
    expect(makersOf(artwork).map((c) => c.fc)).toEqual(['John Constable', 'David Lucas']);
  });

  it('lists every subject name under the root once', () => {
    expect(subjectsOf(reynolds)).toEqual([
      'people',
      'portraits',
      'groups',
      'individuals: female',
      'adults',
      'woman',
      'nature',
      'landscape',
      'wooded',
    ]);
    expect(subjectsOf({ ...reynolds, subjects: null })).toEqual([]);
  });
});

describe('tateRecord', () => {
  it('makes an import line the importer accepts once it has a file', () => {
    const record = tateRecord(reynolds);
    expect(record).toEqual({
      source: 'GAA',
      local_id: 'N00079',
      title: 'Three Ladies Adorning a Term of Hymen',
      caption: 'Oil paint on canvas, 1773.',
      artist: { name: 'Sir Joshua Reynolds', royalty_code: 'TATE444' },
      keywords: subjectsOf(reynolds),
      image_type: 'fine art',
      created: '1837-01-01',
    });
    expect(parseRecord({ ...record, file: 'x.png' }).ok).toBe(true);
  });

  it('credits the first artist and names the other contributors in the caption', () => {
    const record = tateRecord({
      ...reynolds,
      contributors: [
        { id: 9, fc: 'Charles Turner', role: 'after', displayOrder: 2 },
        { id: 7, fc: 'Joseph Mallord William Turner', role: 'artist', displayOrder: 1 },
        { id: 8, fc: 'John Pye', role: 'artist', displayOrder: 3 },
      ],
    });
    expect(record.artist).toEqual({
      name: 'Joseph Mallord William Turner',
      royalty_code: 'TATE7',
    });
    expect(record.caption).toBe('Oil paint on canvas, 1773. With after Charles Turner; John Pye.');
  });

  it('falls back to any contributor, then to an unknown artist; photographs are photography', () => {
    const after = tateRecord({
      ...reynolds,
      contributors: [{ id: 5, fc: 'Titian', role: 'after', displayOrder: 1 }],
    });
    expect(after.artist).toEqual({ name: 'Titian', royalty_code: 'TATE5' });
    const anonymous = tateRecord({
      ...reynolds,
      contributors: [],
      classification: 'photograph',
      acquisitionYear: null,
    });
    expect(anonymous.artist).toEqual(UNKNOWN_ARTIST);
    expect(anonymous.image_type).toBe('photography');
    expect(anonymous.created).toBeUndefined();
    expect(parseRecord({ ...anonymous, file: 'x.png' }).ok).toBe(true);
  });
});
