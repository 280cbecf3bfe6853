import { Badge, Tooltip } from 'antd';
import { ShoppingCartOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { itemCountLabel, useAuthStore, useCartStore } from '@atelier/session';

export const CART_EMPTY_TOOLTIP = 'Cart is empty';

/**
 * SPEC §2: 'Cart' for guests (tooltip 'Cart is empty' when empty); 'Project' with the project
 * name for signed-in profiles; always the item count label.
 */
export function CartLink() {
  const itemCount = useCartStore((s) => s.itemCount);
  const projectName = useCartStore((s) => s.projectName);
  const hasAccountProfile = useAuthStore((s) => Boolean(s.user && s.profile));
  const label = hasAccountProfile ? 'Project' : 'Cart';
  const countLabel = itemCountLabel(itemCount);
  const link = (
    <Link to="/cart" className="atelier-cart-link" aria-label={`${label}: ${countLabel}`}>
      <Badge count={itemCount} size="small" offset={[2, 0]}>
        <ShoppingCartOutlined style={{ fontSize: 20 }} aria-hidden />
      </Badge>
      <span className="atelier-cart-text">
        <span>{hasAccountProfile && projectName ? `${label}: ${projectName}` : label}</span>
        <small>{countLabel}</small>
      </span>
    </Link>
  );
  if (itemCount > 0 || hasAccountProfile) return link;
  return <Tooltip title={CART_EMPTY_TOOLTIP}>{link}</Tooltip>;
}
