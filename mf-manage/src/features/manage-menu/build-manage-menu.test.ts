import { buildManageMenu, entityLabel } from './build-manage-menu';

describe('manage menu (SPEC §2)', () => {
  it('lists the API root types except sample-image and artist-payment, then the fixed screens', () => {
    const menu = buildManageMenu({
      upload: '/api/upload/',
      'sample-image': '/api/sample-image/',
      'artist-payment': '/api/artist-payment/',
      'art-usage': '/api/art-usage/',
      artist: '/api/artist/',
    });
    expect(menu.map((entry) => entry.label)).toEqual([
      'Art Usage',
      'Artist',
      'Upload',
      'Payments Due',
      'Artist Payments',
      'Images',
      'Royalty Levels',
      'Support',
    ]);
    expect(menu.find((entry) => entry.label === 'Art Usage')?.href).toBe('/manage/art-usage');
    expect(menu.find((entry) => entry.label === 'Images')?.href).toBe('/manage/image');
  });

  it('does not list a fixed screen twice when the API reports it', () => {
    const menu = buildManageMenu({ 'payment-due': '/api/payment-due/', images: '/api/images/' });
    expect(menu.filter((entry) => entry.key === 'payment-due')).toHaveLength(1);
    expect(menu.filter((entry) => entry.label === 'Images')).toHaveLength(1);
  });

  it('labels types in title case', () => {
    expect(entityLabel('artist-identity')).toBe('Artist Identity');
  });
});
