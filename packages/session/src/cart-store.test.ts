import { itemCountLabel, useCartStore } from './cart-store';

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
    useCartStore.getState().setCart({ token: 't1', projectName: 'Lobby', itemCount: 3 });
    expect(useCartStore.getState()).toMatchObject({
      token: 't1',
      projectName: 'Lobby',
      itemCount: 3,
    });
    useCartStore.getState().clear();
    expect(useCartStore.getState()).toMatchObject({ token: null, projectName: null, itemCount: 0 });
  });
});
