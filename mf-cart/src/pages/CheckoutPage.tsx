import { useState } from 'react';
import { Typography } from 'antd';
import { ErrorDisplay, Loading, usePageTitle } from '@atelier/ui';
import { usePaymentMethods } from '../shared/api/get-payment-methods';
import { CHECKOUT_MESSAGES } from '../features/checkout/checkout-model';
import { CheckoutUnavailable } from '../features/checkout/components/CheckoutUnavailable';
import { CheckoutView } from '../features/checkout/components/CheckoutView';
import { OrderedAlert } from '../features/checkout/components/OrderedAlert';
import { useCheckoutProject } from '../features/checkout/hooks/use-checkout-project';

function CheckoutBody() {
  const [conflict, setConflict] = useState(false);
  const { ref, isHeldCart, cart, items } = useCheckoutProject();
  const methods = usePaymentMethods();
  const backTo = isHeldCart || !cart.data ? '/cart' : `/projects/${cart.data.project.id}`;

  if (ref === null) return <CheckoutUnavailable title={CHECKOUT_MESSAGES.noCart} backTo="/cart" />;
  if (cart.isPending || methods.isPending) return <Loading label="Loading checkout" />;
  if (cart.isError) return <ErrorDisplay error={cart.error} />;
  if (methods.isError) return <ErrorDisplay error={methods.error} />;
  const project = cart.data;
  // Checkout answered 409: say so, with the order's link once the cart is read again.
  if (conflict) return <OrderedAlert order={project.latest_order} conflict />;
  if (project.latest_order) return <OrderedAlert order={project.latest_order} />;
  if (project.quantity === 0) {
    return <CheckoutUnavailable title={CHECKOUT_MESSAGES.emptyProject} backTo={backTo} />;
  }
  return (
    <CheckoutView
      cart={project}
      items={items.data}
      paymentMethods={methods.data}
      onConflict={() => {
        setConflict(true);
        void cart.refetch();
      }}
    />
  );
}

/** /checkout (the held cart) and /projects/:id/checkout (that project). */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  return (
    <section aria-labelledby="checkout-title">
      <Typography.Title id="checkout-title" level={1} style={{ fontSize: 24 }}>
        Checkout
      </Typography.Title>
      <CheckoutBody />
    </section>
  );
}
