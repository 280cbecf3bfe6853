import { create } from 'zustand';

export interface CartState {
  /** Token of the held cart, when there is one. */
  token: string | null;
  projectName: string | null;
  itemCount: number;
  setCart(cart: { token: string; projectName: string | null; itemCount: number }): void;
  clear(): void;
}

/** The current cart (a project for signed-in profiles), shown by the nav bar and mf-cart. */
export const useCartStore = create<CartState>()((set) => ({
  token: null,
  projectName: null,
  itemCount: 0,
  setCart: ({ token, projectName, itemCount }) => set({ token, projectName, itemCount }),
  clear: () => set({ token: null, projectName: null, itemCount: 0 }),
}));

/** SPEC §2 item count label: 'No items', '1 item', 'N items'. */
export function itemCountLabel(count: number): string {
  if (count <= 0) return 'No items';
  if (count === 1) return '1 item';
  return `${count} items`;
}
