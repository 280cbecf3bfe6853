import { imageCard, imageCardPage, isExternalSource, remotesManifest, REMOTE_NAMES } from './index';

const card = {
  id: 1,
  local_id: 'A1',
  title: 'Dunes',
  artist: 'Mira Sol',
  artist_id: 3,
  source: 'GAA',
  royalty_code: 'MSOL0003',
  created: '2024-01-01T00:00:00Z',
  updated: '2024-01-01T00:00:00Z',
  preview: '/media/thumbs/1.jpg',
  thumb: '/media/thumbs/1.jpg',
  max_width: 1600,
  max_height: 900,
  price: 3,
  published: true,
};

describe('contracts', () => {
  it('accepts a DRF page of image cards', () => {
    expect(
      imageCardPage.parse({ count: 1, next: null, previous: null, results: [card] }).results[0],
    ).toEqual(card);
  });

  it('rejects a price tier outside 1–4 and an unknown source', () => {
    expect(imageCard.safeParse({ ...card, price: 5 }).success).toBe(false);
    expect(imageCard.safeParse({ ...card, source: 'XYZ' }).success).toBe(false);
  });

  it('knows GET and GETRM as the external stock sources', () => {
    expect(['GET', 'GETRM', 'GAA'].map(isExternalSource)).toEqual([true, true, false]);
  });

  it('requires remotes.json to name every remote', () => {
    const full = Object.fromEntries(
      REMOTE_NAMES.map((name) => [name, `/remotes/${name}/mf-manifest.json`]),
    );
    expect(remotesManifest.safeParse(full).success).toBe(true);
    expect(remotesManifest.safeParse({ ...full, manage: undefined }).success).toBe(false);
  });
});
