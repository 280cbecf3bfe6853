import {
  buildManageMenu,
  entityLabel,
  menuKeyOf,
  pluralTitle,
  singularTitle,
} from './build-manage-menu';

describe('manage menu (SPEC §2)', () => {
  it('lists the API root types except sample-image and artist-payment, then the fixed screens', () => {
    const menu = buildManageMenu({
      upload: '/api/upload/',
      'sample-image': '/api/sample-image/',
      'artist-payment': '/api/artist-payment/',
      'art-usage': '/api/art-usage/',
      artist: '/api/artist/',
      image: '/api/image/',
    });
    expect(menu.map((entry) => entry.label)).toEqual([
      'Art Usages',
      'Artists',
      'Artist Applications',
      'Uploads',
      'Artist Identities',
      'Payments Due',
      'Artist Payments',
      'Images',
      'Royalty Levels',
      'Tax Reporting',
      'Support',
    ]);
    expect(menu.find((entry) => entry.label === 'Art Usages')?.href).toBe('/manage/art-usage');
    expect(menu.find((entry) => entry.label === 'Images')?.href).toBe('/manage/image');
  });

  it('does not list a fixed screen twice when the API reports it', () => {
    const menu = buildManageMenu({ 'payment-due': '/api/payment-due/', images: '/api/images/' });
    expect(menu.filter((entry) => entry.key === 'payment-due')).toHaveLength(1);
    expect(menu.filter((entry) => entry.label === 'Images')).toHaveLength(1);
  });

  it('lists the review screens (applications, uploads, identities) once, API root or not', () => {
    const menu = buildManageMenu({ upload: '/api/upload/' });
    expect(menu.filter((entry) => entry.key === 'upload')).toHaveLength(1);
    expect(menu.find((entry) => entry.label === 'Artist Applications')?.href).toBe(
      '/manage/artist-application',
    );
    expect(menu.find((entry) => entry.label === 'Artist Identities')?.href).toBe(
      '/manage/artist-identity',
    );
  });

  it('labels types in title case', () => {
    expect(entityLabel('artist-identity')).toBe('Artist Identity');
  });

  it.each([
    ['payment-due', 'Payments Due', 'Payment Due'],
    ['artist-identity', 'Artist Identities', 'Artist Identity'],
    ['collections', 'Collections', 'Collection'],
    ['royalty-levels', 'Royalty Levels', 'Royalty Level'],
    ['artist-profile', 'Artist Profiles', 'Artist Profile'],
    ['art-usage', 'Art Usages', 'Art Usage'],
    ['bank-accounts', 'Bank Accounts', 'Bank Account'],
    ['image', 'Images', 'Image'],
    ['status', 'Statuses', 'Status'],
  ])('titles %s as %s (one: %s)', (type, plural, singular) => {
    expect(pluralTitle(type)).toBe(plural);
    expect(singularTitle(type)).toBe(singular);
  });

  it('selects the menu entry by the path alone, whatever the query says', () => {
    expect(menuKeyOf('/manage/artist')).toBe('artist');
    expect(menuKeyOf('/manage/artist/5/edit')).toBe('artist');
    expect(menuKeyOf(new URL('http://x/manage/collections?column=name').pathname)).toBe(
      'collections',
    );
  });
});
