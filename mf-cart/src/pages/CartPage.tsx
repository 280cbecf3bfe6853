import { useAuthStore, useCartStore } from '@atelier/session';
import { CartScreen } from '../features/cart/components/CartScreen';
import { CART_TEXT } from '../features/cart/constants';

/** /cart: the held cart, a cart for guests and a project for signed-in profiles (SPEC §2). */
export default function CartPage() {
  const token = useCartStore((s) => s.token);
  const signedIn = useAuthStore((s) => s.user !== null);
  const hasProfile = useAuthStore((s) => Boolean(s.user && s.profile));
  return (
    <CartScreen
      idOrToken={token}
      isCurrentCart
      fallbackHeading={hasProfile ? CART_TEXT.project : CART_TEXT.cart}
      guest={!signedIn}
    />
  );
}
