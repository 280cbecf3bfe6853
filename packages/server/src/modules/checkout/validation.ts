import { COMMERCE_MESSAGES, paymentMethod } from '@atelier/contracts';
import { z } from 'zod';
import { isValidEmail, normalizeEmail, EMAIL_MAX_LENGTH } from '../auth';
import { choice, text } from '../orders';
import { COUNTRY_CODES } from './countries';

// The checkout body (the contract's checkoutRequest), checked field by field with DRF's
// messages; errors of the address are nested: {"shipping_address": {"postal_code": [...]}}.

export const CHECKOUT_MESSAGES = {
  email: 'Enter a valid email address.',
  country: 'Enter a two-letter ISO 3166 country code, such as US.',
  usZip: 'Enter a US ZIP code: 12345 or 12345-6789.',
  caPostalCode: 'Enter a Canadian postal code, such as K1A 0B1.',
  postalCode: 'Enter a valid postal code.',
  phone: 'Enter a valid phone number.',
  idempotencyKeyInvalid: 'An Idempotency-Key is 1 to 255 printable ASCII characters.',
} as const;

/** Field lengths of a shipping address. */
const ADDRESS_LIMITS = {
  name: 100,
  company: 100,
  line1: 200,
  line2: 200,
  city: 100,
  region: 100,
  postal_code: 16,
  phone: 32,
} as const;
const PO_NUMBER_MAX_LENGTH = 64;

/** An Idempotency-Key header: 1–255 printable ASCII characters. */
export const IDEMPOTENCY_KEY = /^[\x20-\x7e]{1,255}$/;

const US_ZIP = /^\d{5}(-\d{4})?$/;
// Canada Post: no D, F, I, O, Q, U; no W or Z first.
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;
const POSTAL = /^[A-Z0-9][A-Z0-9 -]*$/;
const PHONE = /^\+?[0-9 ().-]{4,32}$/;

const optionalText = (max: number) =>
  text({ max, blank: true })
    .optional()
    .transform((value) => (value ? value : undefined));

const address = z
  .object(
    {
      name: text({ max: ADDRESS_LIMITS.name }),
      company: optionalText(ADDRESS_LIMITS.company),
      line1: text({ max: ADDRESS_LIMITS.line1 }),
      line2: optionalText(ADDRESS_LIMITS.line2),
      city: text({ max: ADDRESS_LIMITS.city }),
      region: text({ max: ADDRESS_LIMITS.region }),
      postal_code: text({ max: ADDRESS_LIMITS.postal_code }).transform((value) =>
        value.toUpperCase().replace(/\s+/g, ' '),
      ),
      country: text({ max: 2 })
        .transform((value) => value.toUpperCase())
        .refine((value) => COUNTRY_CODES.has(value), { error: CHECKOUT_MESSAGES.country }),
      phone: optionalText(ADDRESS_LIMITS.phone).refine(
        (value) => value === undefined || PHONE.test(value),
        { error: CHECKOUT_MESSAGES.phone },
      ),
    },
    { error: 'Invalid data. Expected a dictionary.' },
  )
  .transform((value, ctx) => {
    // The postal code as the country writes it (checked once the country is known).
    const code = value.postal_code;
    if (value.country === 'US') {
      if (!US_ZIP.test(code))
        ctx.addIssue({ code: 'custom', path: ['postal_code'], message: CHECKOUT_MESSAGES.usZip });
    } else if (value.country === 'CA') {
      const match = CA_POSTAL.exec(code);
      if (!match) {
        ctx.addIssue({
          code: 'custom',
          path: ['postal_code'],
          message: CHECKOUT_MESSAGES.caPostalCode,
        });
      } else {
        return { ...value, postal_code: `${match[1]} ${match[2]}` };
      }
    } else if (!POSTAL.test(code)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postal_code'],
        message: CHECKOUT_MESSAGES.postalCode,
      });
    }
    return value;
  });

export const checkoutBody = z
  .object(
    {
      email: text({ max: EMAIL_MAX_LENGTH })
        .transform(normalizeEmail)
        .refine(isValidEmail, { error: CHECKOUT_MESSAGES.email }),
      shipping_address: address,
      payment_method: choice(paymentMethod.options),
      po_number: optionalText(PO_NUMBER_MAX_LENGTH),
    },
    { error: 'Invalid data. Expected a dictionary.' },
  )
  .refine((value) => value.payment_method !== 'purchase_order' || Boolean(value.po_number), {
    path: ['po_number'],
    error: COMMERCE_MESSAGES.poNumberRequired,
    // Reported with the other fields' errors, whenever the method is known.
    when: ({ value }) =>
      typeof value === 'object' &&
      value !== null &&
      (value as { payment_method?: unknown }).payment_method === 'purchase_order',
  });
export type CheckoutBody = z.output<typeof checkoutBody>;
