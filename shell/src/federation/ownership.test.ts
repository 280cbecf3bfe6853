import { ownerOfPath } from './ownership';

it.each([
  ['/', 'storefront'],
  ['/search', 'storefront'],
  ['/images/12', 'storefront'],
  ['/collections/3/edit', 'storefront'],
  ['/cart', 'cart'],
  ['/projects/7/checkout', 'cart'],
  ['/checkout/confirmation/9', 'cart'],
  ['/orders/4', 'cart'],
  ['/art/design/12', 'cart'],
  ['/dashboard', 'cart'],
  ['/artist/apply/info', 'artist'],
  ['/manage/artist-identity/t/bank-accounts', 'manage'],
  ['/accounts/login', null],
  ['/unknown', null],
])('%s belongs to %s (SPEC §2)', (path, owner) => {
  expect(ownerOfPath(path)).toBe(owner);
});
