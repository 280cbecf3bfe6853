import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { loadStripe } from '@stripe/stripe-js';
import type { PaymentMethodsResponse } from '@atelier/contracts';
import { ORDER_TOKEN, paymentMethods } from '../../../test/order-fixtures';
import { renderPage } from '../../../test/render';
import { fakeElements, fakeStripe } from '../test-stripe';
import { PAYMENT_MESSAGES } from '../messages';
import { CardPayment } from './CardPayment';

jest.mock('@stripe/stripe-js', () => ({ loadStripe: jest.fn() }));
jest.mock(
  '@stripe/react-stripe-js',
  () => jest.requireActual<{ reactStripeMock: unknown }>('../test-stripe').reactStripeMock,
);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

jest.setTimeout(60_000);

const SECRET = 'pi_123_secret_456';
const loadStripeMock = jest.mocked(loadStripe);

const serveMethods = (methods: PaymentMethodsResponse = paymentMethods()) =>
  server.use(
    http.get('http://localhost/api/v2/payment-methods/', () =>
      HttpResponse.json<PaymentMethodsResponse>(methods),
    ),
  );

const renderCardPayment = () =>
  renderPage(
    <CardPayment order={{ id: ORDER_TOKEN, grand_total: 17_400 }} clientSecret={SECRET} />,
  );

beforeEach(() => {
  loadStripeMock.mockReset();
  fakeStripe.confirmPayment.mockReset();
});

describe('CardPayment', () => {
  it("loads Stripe with the server's publishable key and pays the total, returning to the order", async () => {
    serveMethods();
    loadStripeMock.mockResolvedValue(fakeStripe);
    fakeStripe.confirmPayment.mockReturnValue(new Promise(() => {})); // redirecting away
    renderCardPayment();
    const pay = await screen.findByRole('button', { name: 'Pay $174.00' });
    expect(loadStripeMock).toHaveBeenCalledWith('pk_test_123');
    expect(screen.getByTestId('stripe-elements')).toHaveAttribute('data-client-secret', SECRET);
    expect(screen.getByTestId('payment-element')).toBeInTheDocument();
    fireEvent.click(pay);
    await waitFor(() => expect(fakeStripe.confirmPayment).toHaveBeenCalledTimes(1));
    expect(fakeStripe.confirmPayment).toHaveBeenCalledWith({
      elements: fakeElements,
      confirmParams: { return_url: `http://localhost/orders/${ORDER_TOKEN}` },
    });
  });

  it("shows Stripe's error message when the payment is declined", async () => {
    serveMethods();
    loadStripeMock.mockResolvedValue(fakeStripe);
    fakeStripe.confirmPayment.mockResolvedValue({
      error: { type: 'card_error', message: 'Your card was declined.' },
    });
    renderCardPayment();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay $174.00' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your card was declined.');
    expect(screen.getByRole('button', { name: 'Pay $174.00' })).toBeEnabled();
  });

  it('says card payment is unavailable when Stripe.js cannot load, and Retry loads it again', async () => {
    serveMethods();
    loadStripeMock.mockRejectedValueOnce(new Error('Failed to load Stripe.js'));
    renderCardPayment();
    expect(
      await screen.findByText(
        'Card payment is unavailable right now. Please try again later or contact support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('payment-element')).not.toBeInTheDocument();

    loadStripeMock.mockResolvedValueOnce(fakeStripe);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Pay $174.00' })).toBeInTheDocument();
    expect(loadStripeMock).toHaveBeenCalledTimes(2);
  });

  it('is unavailable, without loading Stripe, when the server gives no publishable key', async () => {
    serveMethods(paymentMethods(false));
    renderCardPayment();
    expect(await screen.findByText(PAYMENT_MESSAGES.unavailable)).toBeInTheDocument();
    expect(loadStripeMock).not.toHaveBeenCalled();
  });
});
