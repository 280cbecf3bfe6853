import { isApiError } from '@atelier/api-client';
import type { Cart } from '@atelier/contracts';
import { pushEvent } from '../analytics';
import { useAuthStore, type SessionProfile } from '../auth-store';
import { useCartStore } from '../cart-store';
import { cartApi, type CartApi } from './cart-api';
import { cartKeys } from './cart-queries';
import { boundQueryClient } from './query-client';

const isNotFound = (error: unknown) =>
  isApiError(error) && (error.status === 404 || error.status === 403);

export interface CartActions {
  /**
   * SPEC §4 cart on start: the profile's current project when it differs from the held
   * cart; else the held cart again; else (signed in) the most recent project, unless it
   * was already ordered. Answers the cart it holds, or null.
   */
  loadOnStart(profile: SessionProfile | null): Promise<Cart | null>;
  /**
   * SPEC §4 cart creation: the cart to add to, made on the first add. A guest (no
   * signed-in profile) must give `email`; a signed-in user's new cart is migrated into
   * their projects.
   */
  ensureCart(options?: { email?: string }): Promise<Cart>;
  /** After sign-in: the guest cart `token` becomes the account's project (SPEC §4, §6). */
  migrateGuestCart(token: string): Promise<Cart | null>;
  /** Holds `cart` and primes its cache entry. */
  hold(cart: Cart): void;
  /** Drops cart data from the cache (sign-out, another user). */
  forget(): void;
}

export function createCartActions(client: CartApi = cartApi): CartActions {
  const signedInWithProfile = () => {
    const { user, profile } = useAuthStore.getState();
    return Boolean(user && profile);
  };

  const hold = (cart: Cart) => {
    useCartStore.getState().setCart({ token: cart.token, guest: cart.owner === null });
    boundQueryClient()?.setQueryData(cartKeys.project(cart.token), cart);
  };

  const fetchOrNull = async (idOrToken: string | number): Promise<Cart | null> => {
    try {
      return await client.getProject(idOrToken);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  };

  return {
    hold,

    async loadOnStart(profile) {
      const held = useCartStore.getState().token;
      const current = profile?.current_project ?? null;
      if (current) {
        const heldCart = held ? await fetchOrNull(held) : null;
        if (!heldCart || heldCart.project.id !== current.id) {
          const cart = await fetchOrNull(current.id);
          if (cart) {
            hold(cart);
            return cart;
          }
        }
        if (heldCart) {
          hold(heldCart);
          return heldCart;
        }
      } else if (held) {
        const cart = await fetchOrNull(held);
        if (cart) {
          hold(cart);
          return cart;
        }
      }
      if (held) useCartStore.getState().clear();
      if (!useAuthStore.getState().user) return null;
      const recent = await client.listProjects({ limit: 1 });
      const latest = recent.results[0];
      if (!latest || latest.latest_order) return null;
      const cart = await fetchOrNull(latest.token);
      if (cart) hold(cart);
      return cart;
    },

    async ensureCart(options = {}) {
      const held = useCartStore.getState().token;
      if (held) {
        // The cached cart answers without a request; the server refuses an add to a cart
        // ordered meanwhile (409), which the add reports.
        const cached = boundQueryClient()?.getQueryData<Cart>(cartKeys.project(held));
        const cart = cached ?? (await fetchOrNull(held));
        if (cart && !cart.latest_order) return cart;
      }
      let cart: Cart;
      if (signedInWithProfile()) {
        cart = await client.createProject({});
        cart = await client.migrateCart(cart.token);
      } else {
        cart = await client.createProject({ cart_email: options.email ?? '' });
      }
      hold(cart);
      pushEvent({
        event: 'cart_created',
        cart_token: cart.token,
        project_id: cart.project.id,
        guest: cart.owner === null,
      });
      return cart;
    },

    async migrateGuestCart(token) {
      try {
        const cart = await client.migrateCart(token);
        hold(cart);
        return cart;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    forget() {
      boundQueryClient()?.removeQueries({ queryKey: cartKeys.all });
      boundQueryClient()?.removeQueries({ queryKey: ['projects'] });
    },
  };
}

export const cartActions = createCartActions();
