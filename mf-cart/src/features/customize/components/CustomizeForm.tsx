import { App, Button, Col, Row, Select, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import type { Cart, CartItem, Substrate } from '@atelier/contracts';
import { formatUsd } from '@atelier/contracts';
import { errorText } from '../../../shared/api/error-text';
import { useUpdateItem } from '../../../shared/api/update-item';
import { CUSTOMIZE_TEXT } from '../constants';
import { sizeKey, usePrintChoice } from '../hooks/use-print-choice';
import { RoomPreview } from './RoomPreview';

interface CustomizeFormProps {
  cart: Cart;
  item: CartItem;
  /** Where Save and Cancel go: the cart or the project. */
  backTo: string;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Size and substrate of a cart item, its live price and a room preview; Save PATCHes both. */
export function CustomizeForm({ cart, item, backTo }: CustomizeFormProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const update = useUpdateItem(cart);
  const choice = usePrintChoice(item);
  const readOnly = cart.latest_order !== null;

  const save = () => {
    if (!choice.size || !choice.changed) {
      void navigate(backTo);
      return;
    }
    update.mutate(
      { itemId: item.id, body: { size: choice.size, substrate: choice.substrate } },
      {
        onSuccess: () => {
          void message.success(CUSTOMIZE_TEXT.saved);
          void navigate(backTo);
        },
        onError: (error) => void message.error(errorText(error)),
      },
    );
  };

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} md={14}>
        {choice.size && (
          <RoomPreview thumb={item.thumb} size={choice.size} substrate={choice.substrate} />
        )}
      </Col>
      <Col xs={24} md={10}>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <label style={{ display: 'block' }}>
            <div>{CUSTOMIZE_TEXT.size}</div>
            <Select
              aria-label={CUSTOMIZE_TEXT.size}
              value={choice.sizeKey}
              onChange={choice.setSize}
              disabled={readOnly}
              options={choice.sizes.map((option) => ({
                value: sizeKey(option.value),
                label: option.label,
              }))}
              style={{ width: '100%' }}
            />
          </label>
          <label style={{ display: 'block' }}>
            <div>{CUSTOMIZE_TEXT.substrate}</div>
            <Select<Substrate>
              aria-label={CUSTOMIZE_TEXT.substrate}
              value={choice.substrate}
              onChange={choice.setSubstrate}
              disabled={readOnly}
              options={choice.substrates.map((substrate) => ({
                value: substrate,
                label: capitalize(substrate),
                disabled: !choice.offered.includes(substrate),
              }))}
              style={{ width: '100%' }}
            />
          </label>
          <div aria-live="polite">
            <Typography.Text type="secondary">{CUSTOMIZE_TEXT.price}</Typography.Text>
            <div style={{ fontSize: 24, fontWeight: 600 }} data-testid="price">
              {choice.price === undefined ? '—' : formatUsd(choice.price)}
            </div>
            <Typography.Text type="secondary">{CUSTOMIZE_TEXT.each}</Typography.Text>
          </div>
          {!readOnly && (
            <Space wrap>
              <Button
                type="primary"
                onClick={save}
                loading={update.isPending}
                disabled={choice.price === undefined}
              >
                {CUSTOMIZE_TEXT.save}
              </Button>
              <Button onClick={() => void navigate(backTo)}>{CUSTOMIZE_TEXT.cancel}</Button>
            </Space>
          )}
        </Space>
      </Col>
    </Row>
  );
}
