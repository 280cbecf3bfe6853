import type { Cart, CartItem } from '@atelier/contracts';
import { CART_TEXT } from '../constants';
import { CartItemRow } from './CartItemRow';

interface CartItemListProps {
  cart: Pick<Cart, 'token' | 'project'>;
  items: CartItem[];
  readOnly: boolean;
}

export function CartItemList({ cart, items, readOnly }: CartItemListProps) {
  return (
    <ul aria-label={CART_TEXT.items} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item) => (
        <CartItemRow key={item.id} cart={cart} item={item} readOnly={readOnly} />
      ))}
    </ul>
  );
}
