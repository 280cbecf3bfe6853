// Order fulfilment in the manage area (issue 14): carriers, tracking numbers, the reasons
// and messages staff and customers see. Plain constants (no zod) so front ends can import
// them cheaply.

/** The carriers staff ship with; 'other' has no tracking page. */
export const CARRIERS = ['ups', 'usps', 'fedex', 'dhl', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Record<Carrier, string> = {
  ups: 'UPS',
  usps: 'USPS',
  fedex: 'FedEx',
  dhl: 'DHL Express',
  other: 'Other carrier',
};

/** Tracking numbers are stored upper-case without spaces: 5 to 40 letters, digits, hyphens. */
export const TRACKING_NUMBER_MAX_LENGTH = 40;
export const CANCEL_REASON_MAX_LENGTH = 1000;

/** Each known carrier's tracking-number shape, and how to say it when one does not match. */
const TRACKING_PATTERNS: Record<Carrier, { pattern: RegExp; hint: string }> = {
  ups: { pattern: /^1Z[0-9A-Z]{16}$/, hint: '1Z followed by 16 letters or digits' },
  usps: {
    pattern: /^(\d{20,22}|[A-Z]{2}\d{9}US)$/,
    hint: '20 to 22 digits, or 2 letters, 9 digits and US',
  },
  fedex: { pattern: /^(\d{12}|\d{15}|\d{20})$/, hint: '12, 15 or 20 digits' },
  dhl: { pattern: /^\d{10}$/, hint: '10 digits' },
  other: { pattern: /^[A-Z0-9-]{5,40}$/, hint: '5 to 40 letters, digits or hyphens' },
};

/** What a tracking number is stored as: spaces removed, upper-case. */
export const normalizeTrackingNumber = (value: string): string =>
  value.replace(/\s+/g, '').toUpperCase();

/** The message for a tracking number that does not fit its carrier; null when it fits. */
export function trackingNumberError(carrier: Carrier, value: string): string | null {
  const { pattern, hint } = TRACKING_PATTERNS[carrier];
  const normalized = normalizeTrackingNumber(value);
  if (normalized === '') return 'This field may not be blank.';
  return pattern.test(normalized)
    ? null
    : `Enter a valid ${carrier === 'other' ? '' : `${CARRIER_LABELS[carrier]} `}tracking number (${hint}).`;
}

/** The carrier's public tracking page for a number, or null ('other'). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const n = encodeURIComponent(trackingNumber);
  switch (carrier) {
    case 'ups':
      return `https://www.ups.com/track?tracknum=${n}`;
    case 'usps':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case 'fedex':
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case 'dhl':
      return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id=${n}`;
    default:
      return null;
  }
}

export const ORDER_FULFILMENT_MESSAGES = {
  carrierOnlyWhenShipped: 'Only a shipped order has a carrier and tracking number.',
  reasonOnlyWhenCancelled: 'Only a cancelled order has a cancellation reason.',
  reasonRequired: 'Give the customer a reason for the cancellation.',
} as const;

/** The staff orders list (`GET /api/order/`): search, filter, orderings. */
export const STAFF_ORDERS_PATH = '/api/order/';
export const STAFF_ORDER_ORDERINGS = [
  'created',
  '-created',
  'grand_total',
  '-grand_total',
] as const;

/** Staff e-mail to an artist (`POST /api/artist-profile/{id}/email/`). */
export const ARTIST_EMAIL_SUBJECT_MAX_LENGTH = 200;
export const ARTIST_EMAIL_MESSAGE_MAX_LENGTH = 10000;
