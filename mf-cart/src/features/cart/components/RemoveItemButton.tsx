import { App, Button } from 'antd';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import type { Cart, CartItem } from '@atelier/contracts';
import { errorText } from '../../../shared/api/error-text';
import { useRemoveItem } from '../api/remove-item';
import { ITEM_TEXT } from '../constants';
import { isCancelled, useConfirm } from '../hooks/use-confirm';

interface RemoveItemButtonProps {
  cart: Pick<Cart, 'token' | 'project'>;
  item: Pick<CartItem, 'id' | 'name'>;
}

/** SPEC §4: remove asks for confirmation first; Cancel sends nothing. */
export function RemoveItemButton({ cart, item }: RemoveItemButtonProps) {
  const { message } = App.useApp();
  const confirm = useConfirm();
  const remove = useRemoveItem(cart);

  const onClick = async () => {
    try {
      await confirm({
        title: ITEM_TEXT.removeTitle(item.name),
        okText: ITEM_TEXT.remove,
        okButtonProps: { danger: true },
        cancelText: ITEM_TEXT.cancel,
      });
    } catch (error) {
      if (isCancelled(error)) return;
      throw error;
    }
    remove.mutate(item.id, {
      onSuccess: () => void message.success(ITEM_TEXT.removed(item.name)),
      onError: (error) => void message.error(errorText(error)),
    });
  };

  return (
    <Button
      icon={<DeleteOutlined />}
      aria-label={`${ITEM_TEXT.remove} ${item.name}`}
      loading={remove.isPending}
      onClick={() => void onClick()}
      danger
      type="text"
    >
      {ITEM_TEXT.remove}
    </Button>
  );
}
