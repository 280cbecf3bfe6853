import type { ReactNode } from 'react';
import type { Stripe, StripeElements } from '@stripe/stripe-js';

/**
 * Stand-ins for Stripe in tests (Stripe.js cannot load in jsdom): a Stripe object whose
 * confirmPayment is a jest.fn, and @stripe/react-stripe-js's Elements, PaymentElement,
 * useStripe and useElements. Each test file mocks the modules with them:
 *
 *   jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
 *   jest.mock('@stripe/react-stripe-js', () => require('…/test-stripe').reactStripeMock);
 */
export const fakeElements = { id: 'elements' } as unknown as StripeElements;

export const fakeStripe = {
  confirmPayment: jest.fn(),
} as unknown as Stripe & { confirmPayment: jest.Mock };

export const reactStripeMock = {
  Elements: ({
    children,
    options,
  }: {
    children: ReactNode;
    stripe: Stripe;
    options: { clientSecret: string };
  }) => (
    <div data-testid="stripe-elements" data-client-secret={options.clientSecret}>
      {children}
    </div>
  ),
  PaymentElement: () => <div data-testid="payment-element" />,
  useStripe: () => fakeStripe,
  useElements: () => fakeElements,
};
