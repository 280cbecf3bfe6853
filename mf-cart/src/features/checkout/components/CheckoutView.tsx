import { Col, Row } from 'antd';
import type { Cart, CartItem, Page, PaymentMethodsResponse } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { offeredMethods } from '../checkout-model';
import { usePlaceOrder } from '../hooks/use-place-order';
import { CheckoutForm } from './CheckoutForm';
import { CheckoutSummary } from './CheckoutSummary';

/**
 * The summary beside the form (above it on phones, so the total is read before the button).
 * A 409 is passed up: the page then says 'This project has already been ordered.'
 */
export function CheckoutView({
  cart,
  items,
  paymentMethods,
  onConflict,
}: {
  cart: Cart;
  items: Page<CartItem> | undefined;
  paymentMethods: PaymentMethodsResponse;
  onConflict: () => void;
}) {
  const userEmail = useAuthStore((s) => s.user?.email ?? null);
  const { place } = usePlaceOrder(cart.token);
  return (
    <Row gutter={[24, 0]}>
      <Col xs={{ span: 24, order: 1 }} lg={{ span: 10, order: 2 }}>
        <CheckoutSummary cart={cart} items={items} />
      </Col>
      <Col xs={{ span: 24, order: 2 }} lg={{ span: 14, order: 1 }}>
        <CheckoutForm
          defaultEmail={userEmail ?? cart.guest_email ?? ''}
          methods={offeredMethods(paymentMethods)}
          onSubmit={place}
          onAlreadyOrdered={onConflict}
        />
      </Col>
    </Row>
  );
}
