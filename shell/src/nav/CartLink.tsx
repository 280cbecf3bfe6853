import { useId } from 'react';
import { Link } from 'react-router-dom';
import { itemCountLabel, useAuthStore, useCurrentCart } from '@atelier/session';

export const CART_EMPTY_TOOLTIP = 'Cart is empty';

/**
 * SPEC §2: 'Cart' for guests (tooltip 'Cart is empty' when empty); 'Project' with the project
 * name for signed-in profiles; always the item count label.
 */
export function CartLink() {
  const tooltipId = useId();
  const cart = useCurrentCart();
  const itemCount = cart.data?.quantity ?? 0;
  const projectName = cart.data?.project.name ?? null;
  const hasAccountProfile = useAuthStore((s) => Boolean(s.user && s.profile));
  const label = hasAccountProfile ? 'Project' : 'Cart';
  const showTooltip = itemCount === 0 && !hasAccountProfile;
  const title = hasAccountProfile && projectName ? `${label}: ${projectName}` : label;
  const countLabel = itemCountLabel(itemCount);
  return (
    <span className="atelier-tooltip-anchor">
      <Link
        to="/cart"
        className="atelier-cart-link"
        aria-label={`${title}, ${countLabel}`}
        aria-describedby={showTooltip ? tooltipId : undefined}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
          <path
            fill="currentColor"
            d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2.2 8.2a2 2 0 0 1-1.9 1.5H8.5a2 2 0 0 1-2-1.6L4.4 4H2V2h3.9l.4 2Z"
          />
        </svg>
        <span className="atelier-cart-text">
          {/* The space keeps the visible text 'Cart No items', as the name says it. */}
          <span>{title}</span> <small>{countLabel}</small>
        </span>
      </Link>
      {showTooltip && (
        <span role="tooltip" id={tooltipId} className="atelier-tooltip">
          {CART_EMPTY_TOOLTIP}
        </span>
      )}
    </span>
  );
}
