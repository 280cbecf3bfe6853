import { z } from 'zod';
import { order, orderStatus, orderSummary, type OrderStatus } from './commerce';
import type { CARRIERS } from './order-fulfilment-constants';

/** A row of the staff orders list: the customer's name is the shipping address's. */
const staffOrderSummary = orderSummary.extend({
  customer_name: z.string(),
});
export type StaffOrderSummary = z.infer<typeof staffOrderSummary>;
export const staffOrderPage = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(staffOrderSummary),
});
export type StaffOrderPage = z.infer<typeof staffOrderPage>;

/** One status change as staff see it: who made it (null: checkout or a payment provider). */
const staffOrderHistoryEntry = z.object({
  status: orderStatus,
  note: z.string(),
  created: z.string(),
  actor: z.string().nullable(),
});

/** `GET /api/order/{id}/`: the order with its history's authors and where it may go next. */
export const staffOrder = order.extend({
  customer_name: z.string(),
  history: z.array(staffOrderHistoryEntry),
  next_statuses: z.array(orderStatus),
});
export type StaffOrder = z.infer<typeof staffOrder>;

/**
 * `PATCH /api/v2/orders/{id}/` (and `POST /api/order/{id}/status/`): shipped needs carrier
 * and tracking_number, cancelled needs reason.
 */
export interface OrderFulfilmentRequest {
  status: OrderStatus;
  /** At most 1000 characters. */
  note?: string;
  carrier?: (typeof CARRIERS)[number];
  tracking_number?: string;
  reason?: string;
}

/** `POST /api/artist-profile/{id}/email/`. */
export interface ArtistEmailRequest {
  subject: string;
  message: string;
}

/** A message staff sent to an artist. */
export const artistEmail = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  sender: z.string().nullable(),
  created: z.string(),
});
export type ArtistEmail = z.infer<typeof artistEmail>;
export const artistEmailPage = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(artistEmail),
});
export type ArtistEmailPage = z.infer<typeof artistEmailPage>;
