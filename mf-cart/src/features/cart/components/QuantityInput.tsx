import { useState } from 'react';
import { App, InputNumber } from 'antd';
import type { Cart, CartItem } from '@atelier/contracts';
import { QUANTITY_MAX } from '@atelier/contracts';
import { errorText } from '../../../shared/api/error-text';
import { useUpdateItem } from '../../../shared/api/update-item';
import { QUANTITY_DEBOUNCE_MS, ITEM_TEXT } from '../constants';
import { useDebouncedCallback } from '../hooks/use-debounced-callback';

interface QuantityInputProps {
  cart: Pick<Cart, 'token' | 'project'>;
  item: Pick<CartItem, 'id' | 'quantity'>;
}

/**
 * SPEC §4: quantity changes are debounced (650 ms); only the last value is sent. While a
 * change waits or is on its way the spinner shows it; afterwards the server's value again.
 */
export function QuantityInput({ cart, item }: QuantityInputProps) {
  const { message } = App.useApp();
  const update = useUpdateItem(cart);
  const [draft, setDraft] = useState<number | null>(null);
  const { schedule } = useDebouncedCallback((quantity: number) => {
    if (quantity === item.quantity) {
      setDraft(null);
      return;
    }
    update.mutate(
      { itemId: item.id, body: { quantity } },
      {
        onSuccess: () => setDraft(null),
        onError: (error) => {
          setDraft(null);
          void message.error(errorText(error));
        },
      },
    );
  }, QUANTITY_DEBOUNCE_MS);

  return (
    <InputNumber
      aria-label={ITEM_TEXT.quantity}
      min={0}
      max={QUANTITY_MAX}
      precision={0}
      value={draft ?? item.quantity}
      onChange={(value) => {
        if (value === null || !Number.isInteger(value)) return;
        setDraft(value);
        schedule(value);
      }}
      style={{ width: 96 }}
    />
  );
}
