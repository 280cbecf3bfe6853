import {
  COMMERCE_MESSAGES,
  type CheckoutRequest,
  type PaymentMethod,
  type PaymentMethodsResponse,
} from '@atelier/contracts';

/** What checkout says (ARCHITECTURE §3: user-visible strings are named). */
export const CHECKOUT_MESSAGES = {
  placeOrder: 'Place order',
  alreadyOrdered: COMMERCE_MESSAGES.alreadyOrdered,
  projectOrdered: 'This project has been ordered',
  emptyProject: COMMERCE_MESSAGES.emptyProject,
  noCart: 'There is nothing to check out yet.',
  backToCart: 'Back to cart',
  viewOrder: 'View order',
  poNumberRequired: COMMERCE_MESSAGES.poNumberRequired,
  invoiceNote:
    'Your order is placed awaiting payment: we email an invoice, and production starts once it is paid.',
  required: (label: string) => `${label} is required.`,
  noPaymentMethods: 'No payment method is available right now. Please contact support.',
  cardNote: 'Place the order, then pay by card on the next page.',
} as const;

export type PaymentOption = PaymentMethodsResponse['methods'][number];

/**
 * The methods checkout offers: exactly what the server lists, in its order (card only when
 * the server has Stripe keys; it is paid with Stripe's Payment Element after the order).
 */
export const offeredMethods = (response: PaymentMethodsResponse | undefined): PaymentOption[] =>
  response?.methods ?? [];

/** A short list, the United States first (ISO 3166-1 alpha-2). */
export const COUNTRIES = [
  { value: 'US', label: 'United States' },
  { value: 'CA', label: 'Canada' },
  { value: 'GB', label: 'United Kingdom' },
  { value: 'IE', label: 'Ireland' },
  { value: 'AU', label: 'Australia' },
  { value: 'NZ', label: 'New Zealand' },
  { value: 'DE', label: 'Germany' },
  { value: 'FR', label: 'France' },
  { value: 'NL', label: 'Netherlands' },
  { value: 'BE', label: 'Belgium' },
  { value: 'ES', label: 'Spain' },
  { value: 'IT', label: 'Italy' },
  { value: 'CH', label: 'Switzerland' },
  { value: 'SE', label: 'Sweden' },
  { value: 'DK', label: 'Denmark' },
  { value: 'NO', label: 'Norway' },
  { value: 'JP', label: 'Japan' },
  { value: 'SG', label: 'Singapore' },
] as const;

/** Countries whose addresses need a state or province. */
export const REGION_REQUIRED = ['US', 'CA', 'AU'];

export interface CheckoutValues {
  email: string;
  shipping_address: {
    name: string;
    company: string;
    line1: string;
    line2: string;
    city: string;
    region: string;
    postal_code: string;
    country: string;
    phone: string;
  };
  payment_method: PaymentMethod | '';
  po_number: string;
}

/** The fields the form shows, in order: server errors for them land under them. */
export const CHECKOUT_FIELDS = [
  'email',
  'shipping_address.name',
  'shipping_address.company',
  'shipping_address.line1',
  'shipping_address.line2',
  'shipping_address.city',
  'shipping_address.region',
  'shipping_address.postal_code',
  'shipping_address.country',
  'shipping_address.phone',
  'payment_method',
  'po_number',
] as const;

export const emptyCheckoutValues = (email: string, method: PaymentMethod | ''): CheckoutValues => ({
  email,
  shipping_address: {
    name: '',
    company: '',
    line1: '',
    line2: '',
    city: '',
    region: '',
    postal_code: '',
    country: 'US',
    phone: '',
  },
  payment_method: method,
  po_number: '',
});

const optional = (value: string): string | undefined => value.trim() || undefined;

/** The request body: trimmed, optional blanks left out, a PO number only with a PO. */
export function toCheckoutRequest(values: CheckoutValues): CheckoutRequest {
  const a = values.shipping_address;
  return {
    email: values.email.trim(),
    shipping_address: {
      name: a.name.trim(),
      company: optional(a.company),
      line1: a.line1.trim(),
      line2: optional(a.line2),
      city: a.city.trim(),
      region: a.region.trim(),
      postal_code: a.postal_code.trim(),
      country: a.country,
      phone: optional(a.phone),
    },
    payment_method: values.payment_method as PaymentMethod,
    po_number: values.payment_method === 'purchase_order' ? values.po_number.trim() : undefined,
  };
}
