import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { PaymentMethodsResponse } from '@atelier/contracts';

const PAYMENT_METHODS_PATH = '/api/v2/payment-methods/';

/** What checkout may offer: card only when the server has a Stripe key. */
const getPaymentMethods = (signal?: AbortSignal) =>
  api.get<PaymentMethodsResponse>(PAYMENT_METHODS_PATH, { signal });

const paymentMethodsQuery = () =>
  queryOptions({
    queryKey: ['checkout', 'payment-methods'],
    queryFn: ({ signal }) => getPaymentMethods(signal),
    staleTime: 5 * 60_000,
  });

export const usePaymentMethods = () => useQuery(paymentMethodsQuery());
