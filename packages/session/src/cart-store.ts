import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export const CART_STORAGE_KEY = 'atelier.cart';

export interface CartState {
  /** Token of the held cart, when there is one. Everything else about it is server data. */
  token: string | null;
  /** A cart made without a signed-in profile (SPEC §4): migrated to the account on sign-in. */
  guest: boolean;
  setCart(cart: { token: string; guest: boolean }): void;
  clear(): void;
}

/**
 * The held cart (a project for signed-in profiles). Only its token lives here, kept across
 * reloads; its contents and totals are TanStack Query data keyed by the token (cart-queries).
 */
export const useCartStore = create<CartState>()(
  persist(
    (set) => ({
      token: null,
      guest: false,
      setCart: ({ token, guest }) => set({ token, guest }),
      clear: () => set({ token: null, guest: false }),
    }),
    {
      name: CART_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, guest }) => ({ token, guest }),
    },
  ),
);

/** SPEC §2 item count label: 'No items', '1 item', 'N items'. */
export function itemCountLabel(count: number): string {
  if (count <= 0) return 'No items';
  if (count === 1) return '1 item';
  return `${count} items`;
}
