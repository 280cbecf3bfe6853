import { CardStore, type CardArtist, type PackedCardRow } from './card-store';

const row = (id: number, overrides: Partial<PackedCardRow> = {}): PackedCardRow => ({
  id,
  local_id: `GAA${id}`,
  source: 'GAA',
  artist_id: (id % 3) + 1,
  title: `Harbour ${id}`,
  created_ms: Date.UTC(2024, 0, 2, 3, 4, 5, 678) + id,
  updated_ms: Date.UTC(2025, 5, 6, 7, 8, 9, 10) + id,
  max_width: 4000 + id,
  max_height: 3000 + id,
  price: (id % 4) + 1,
  published: id % 2 === 0,
  thumb_path: `thumbs/gaa/${id}.jpg`,
  keywords: `harbour\u001fboat ${id}`,
  ...overrides,
});

const artists = new Map<number, CardArtist>([
  [1, { name: 'Ada Lane', royalty_code: 'ADA001' }],
  [2, { name: 'Bo Kim', royalty_code: 'BOK002' }],
  [3, { name: 'Cé Ørn', royalty_code: 'CEO003' }],
]);

describe('CardStore', () => {
  it('answers every field of a card as it was added, with its artist', () => {
    const store = new CardStore(4);
    store.add([row(2), row(5)]);
    expect(store.get(5, true, artists)).toEqual({
      id: 5,
      local_id: 'GAA5',
      source: 'GAA',
      artist_id: 3,
      title: 'Harbour 5',
      created: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 683)).toISOString(),
      updated: '2025-06-06T07:08:09.015Z',
      max_width: 4005,
      max_height: 3005,
      price: 2,
      published: false,
      thumb_path: 'thumbs/gaa/5.jpg',
      artist: 'Cé Ørn',
      royalty_code: 'CEO003',
      keywords: 'harbour\u001fboat 5',
    });
    expect(store.get(2, false, artists)).toMatchObject({ id: 2, keywords: null, published: true });
  });

  it('cuts texts with characters of several bytes at the right places', () => {
    const store = new CardStore();
    store.add([
      row(1, {
        local_id: 'Ωmega-1',
        title: 'Crème brûlée at 東京 🌅',
        thumb_path: 'thumbs/é/ü.jpg',
        keywords: 'café\u001f日本',
      }),
      row(2, { title: '', keywords: null }),
    ]);
    expect(store.get(1, true, artists)).toMatchObject({
      local_id: 'Ωmega-1',
      source: 'GAA',
      title: 'Crème brûlée at 東京 🌅',
      thumb_path: 'thumbs/é/ü.jpg',
      keywords: 'café\u001f日本',
      created: new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 679)).toISOString(),
    });
    expect(store.get(2, true, artists)).toMatchObject({ title: '', keywords: null });
  });

  it('grows past its first capacity across batches, and knows no other id', () => {
    const store = new CardStore(16);
    for (let start = 1; start <= 1000; start += 100) {
      store.add(Array.from({ length: 100 }, (_, i) => row(start + i)));
    }
    expect(store.size).toBe(1000);
    for (const id of [1, 99, 100, 101, 555, 1000]) {
      expect(store.get(id, false, artists)?.title).toBe(`Harbour ${id}`);
      expect(store.artistOf(id)).toBe((id % 3) + 1);
    }
    for (const id of [0, -1, 1001, 1.5, 1e9]) {
      expect(store.get(id, false, artists)).toBeUndefined();
      expect(store.artistOf(id)).toBeUndefined();
    }
  });

  it('answers nothing for a card whose artist is not known', () => {
    const store = new CardStore();
    store.add([row(1, { artist_id: 99 })]);
    expect(store.get(1, false, artists)).toBeUndefined();
    expect(store.artistOf(1)).toBe(99);
  });

  it('replaces a changed card, forgets a removed one, and packs the live ones again', () => {
    const store = new CardStore(2);
    store.add([row(5), row(9), row(2)]);
    store.add([row(9, { title: 'Harbour at dusk', artist_id: 1 })]);
    store.remove(2);
    store.remove(42);
    expect(store.get(9, false, artists)).toMatchObject({
      title: 'Harbour at dusk',
      artist: 'Ada Lane',
    });
    expect(store.get(2, false, artists)).toBeUndefined();
    expect([store.size, store.unused]).toEqual([2, 2]);
    expect(store.row(5)).toEqual(row(5));
    const packed = store.compacted(1);
    expect([packed.size, packed.unused]).toEqual([2, 0]);
    expect(packed.row(9)).toEqual(row(9, { title: 'Harbour at dusk', artist_id: 1 }));
    expect(packed.row(5)).toEqual(row(5));
    expect(packed.row(2)).toBeUndefined();
  });

  it('refuses a batch naming an id twice', () => {
    const store = new CardStore();
    expect(() => store.add([row(7), row(7)])).toThrow('not a distinct row id');
  });
});
