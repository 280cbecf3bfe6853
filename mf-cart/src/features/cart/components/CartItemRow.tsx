import { Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Cart, CartItem } from '@atelier/contracts';
import { formatUsd } from '@atelier/contracts';
import { customizePath, ITEM_TEXT } from '../constants';
import { QuantityInput } from './QuantityInput';
import { RemoveItemButton } from './RemoveItemButton';

const THUMB_PX = 96;

interface CartItemRowProps {
  cart: Pick<Cart, 'token' | 'project'>;
  item: CartItem;
  /** An ordered project's rows are read-only. */
  readOnly: boolean;
}

/**
 * SPEC §2 cart item row: thumbnail, name, artist, size, substrate, customize link, quantity
 * spinner, remove button and prices. Its parts wrap onto new lines on a phone.
 */
export function CartItemRow({ cart, item, readOnly }: CartItemRowProps) {
  return (
    <li
      aria-label={item.name}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 16,
        padding: '16px 0',
        borderBottom: '1px solid #e8e2d8',
      }}
    >
      <img
        src={item.thumb}
        alt=""
        width={THUMB_PX}
        height={THUMB_PX}
        loading="lazy"
        style={{ objectFit: 'contain', background: '#f4efe6', flex: 'none' }}
      />
      <div style={{ flex: '1 1 180px', minWidth: 0 }}>
        <h3 style={{ fontSize: 16, margin: 0, overflowWrap: 'anywhere' }}>{item.name}</h3>
        <Typography.Text type="secondary">{item.config.artist}</Typography.Text>
        <div>
          {item.size_label} ·{' '}
          <span style={{ textTransform: 'capitalize' }}>{item.config.substrate}</span>
        </div>
        {!readOnly && <Link to={customizePath(item.id, cart.token)}>{ITEM_TEXT.customize}</Link>}
      </div>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        {readOnly ? (
          <span>
            {ITEM_TEXT.quantity}: {item.quantity}
          </span>
        ) : (
          <>
            <QuantityInput cart={cart} item={item} />
            <RemoveItemButton cart={cart} item={item} />
          </>
        )}
      </div>
      <div style={{ marginLeft: 'auto', textAlign: 'right', minWidth: 96 }}>
        <div>
          <strong>{formatUsd(item.line_total)}</strong>
        </div>
        <Typography.Text type="secondary">
          {formatUsd(item.unit_price)} {ITEM_TEXT.each}
        </Typography.Text>
      </div>
    </li>
  );
}
