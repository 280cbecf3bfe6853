import type { RemoteName } from '@atelier/contracts';

/** SPEC §2: the first path segment names the front end that owns a route. */
const OWNERS: Record<string, RemoteName> = {
  '': 'storefront',
  search: 'storefront',
  images: 'storefront',
  collections: 'storefront',
  cart: 'cart',
  projects: 'cart',
  checkout: 'cart',
  orders: 'cart',
  // The customize (design) page, art/design/{id} (SPEC §1), and the account dashboard.
  art: 'cart',
  dashboard: 'cart',
  artist: 'artist',
  manage: 'manage',
};

export function ownerOfPath(pathname: string): RemoteName | null {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return OWNERS[first] ?? null;
}
