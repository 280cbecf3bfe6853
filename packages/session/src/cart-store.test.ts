import { CART_STORAGE_KEY, itemCountLabel, useCartStore } from './cart-store';

describe('item count label (SPEC §2)', () => {
  it.each([
    [0, 'No items'],
    [1, '1 item'],
    [2, '2 items'],
    [37, '37 items'],
  ])('%i → %s', (count, label) => {
    expect(itemCountLabel(count)).toBe(label);
  });
});

describe('cart store', () => {
  it('holds the cart and clears it', () => {
    useCartStore.getState().setCart({ token: 't1', guest: true });
    expect(useCartStore.getState()).toMatchObject({ token: 't1', guest: true });
    // Only the token survives a reload: nothing else about the cart is kept locally.
    expect(JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? '{}')).toEqual({
      state: { token: 't1', guest: true },
      version: 0,
    });
    useCartStore.getState().clear();
    expect(useCartStore.getState()).toMatchObject({ token: null, guest: false });
  });
});
