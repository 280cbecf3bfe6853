import {
  CARRIER_LABELS,
  ORDER_FULFILMENT_MESSAGES,
  normalizeTrackingNumber,
  trackingNumberError,
  trackingUrl,
  type Carrier,
  type Shipment,
  type StaffOrder,
  type StaffOrderSummary,
  ORDER_TRANSITIONS,
  COMMERCE_MESSAGES,
  formatUsd,
  shippingAddress,
  sizeLabel,
  type Order,
  type OrderStatus,
  type OrderSummary,
  type Substrate,
} from '@atelier/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ApiError, notFound } from '../../lib/errors';
import type { Mailer } from '../../lib/mail';
import type { PaymentEvent, Payments } from '../../lib/payments';
import type { Viewer } from '../../plugins/viewer';
import { cancelledEmail, inProductionEmail, orderLink, shippedEmail } from './emails';
import type { MoveFields, OrderLineRow, OrderRepository, OrderRow } from './repository';
import type { StaffOrderQuery, StaffOrderRepository } from './staff-repository';

/** A status change as the routes validated it (each field trimmed and bounded). */
interface OrderMoveRequest {
  status: OrderStatus;
  note?: string | undefined;
  carrier?: Carrier | undefined;
  tracking_number?: string | undefined;
  reason?: string | undefined;
}

/** An order's link token: 32 url-safe characters (migration 0009). */
const ORDER_TOKEN = /^[A-Za-z0-9_-]{32}$/;
/** An order number ('Order #1042'). */
const ORDER_NUMBER = /^[1-9]\d{0,9}$/;
const MAX_INT = 2_147_483_647;

export const ORDER_MESSAGES = {
  invalidPage: 'Invalid page.',
  changedMeanwhile: 'This order was changed by someone else meanwhile. Reload it and try again.',
} as const;

const statusTransitionError = (): ApiError =>
  new ApiError(400, { status: [COMMERCE_MESSAGES.statusTransition] });

const line = (row: OrderLineRow): Order['lines'][number] => {
  const width = Number(row.width);
  const height = Number(row.height);
  return {
    id: row.id,
    image_id: row.image_id,
    name: row.image_title,
    thumb: row.thumb,
    artist: row.artist_name,
    width,
    height,
    size_label: `${sizeLabel({ w: width, h: height })}${row.custom ? ' (Custom)' : ''}`,
    substrate: row.substrate as Substrate,
    workspace: row.workspace_name,
    location: row.location,
    quantity: row.quantity,
    unit_price: row.unit_price,
    line_total: row.line_total,
  };
};

const summary = (row: OrderRow): OrderSummary => ({
  id: row.token,
  order_id: row.order_id,
  status: row.status,
  email: row.email,
  payment_method: row.payment_method,
  project: { id: row.project_id, name: row.project_name },
  created: row.created.toISOString(),
  quantity: row.quantity,
  subtotal: row.subtotal,
  volume_discount: row.volume_discount,
  volume_discount_rate: row.volume_discount_rate,
  shipping: row.shipping,
  grand_total: row.grand_total,
});

const shipmentOf = (row: OrderRow): Shipment | null => {
  if (row.carrier === null || row.tracking_number === null) return null;
  const carrier = row.carrier as Carrier;
  return {
    carrier,
    carrier_label: CARRIER_LABELS[carrier] ?? row.carrier,
    tracking_number: row.tracking_number,
    tracking_url: trackingUrl(carrier, row.tracking_number),
  };
};

/** The customer's name on an order: its shipping address's. */
const customerName = (address: unknown): string =>
  typeof address === 'object' && address !== null && 'name' in address
    ? String((address as { name: unknown }).name)
    : '';

/**
 * The fields a move to `to` writes, or the 400 naming what is missing or not allowed:
 * shipped needs a carrier and a tracking number that fits it, cancelled a reason.
 */
function moveFields(to: OrderStatus, request: OrderMoveRequest): MoveFields {
  const errors: Record<string, string[]> = {};
  const result: MoveFields = {};
  if (to === 'shipped') {
    if (request.carrier === undefined) errors.carrier = [REQUIRED];
    if (request.tracking_number === undefined) errors.tracking_number = [REQUIRED];
    else if (request.carrier !== undefined) {
      const problem = trackingNumberError(request.carrier, request.tracking_number);
      if (problem) errors.tracking_number = [problem];
    }
    if (request.carrier !== undefined && request.tracking_number !== undefined) {
      result.carrier = request.carrier;
      result.tracking_number = normalizeTrackingNumber(request.tracking_number);
    }
  } else {
    if (request.carrier !== undefined)
      errors.carrier = [ORDER_FULFILMENT_MESSAGES.carrierOnlyWhenShipped];
    if (request.tracking_number !== undefined)
      errors.tracking_number = [ORDER_FULFILMENT_MESSAGES.carrierOnlyWhenShipped];
  }
  if (to === 'cancelled') {
    if (request.reason === undefined || request.reason === '')
      errors.reason = [ORDER_FULFILMENT_MESSAGES.reasonRequired];
    else result.cancel_reason = request.reason;
  } else if (request.reason !== undefined) {
    errors.reason = [ORDER_FULFILMENT_MESSAGES.reasonOnlyWhenCancelled];
  }
  if (Object.keys(errors).length > 0) throw new ApiError(400, errors);
  return result;
}

const REQUIRED = 'This field is required.';

interface OrderPage {
  count: number;
  results: OrderSummary[];
}

export interface OrderService {
  /**
   * An order by its link token (anyone holding it: the emailed link) or by its number (its
   * project's owner, or staff); 404 otherwise.
   */
  get(viewer: Viewer, id: string): Promise<Order>;
  /** The answer for an order by row id (checkout answers with it). */
  present(orderRowId: number): Promise<Order>;
  /** A page of the viewer's orders (staff: everyone's unless `mine`), newest first. */
  list(
    viewer: Viewer & { userId: number },
    options: { page: number; pageSize: number; mine: boolean },
  ): Promise<OrderPage>;
  /** Staff: every order, searched by number, email or name, filtered by status. */
  staffList(query: StaffOrderQuery): Promise<{ count: number; results: StaffOrderSummary[] }>;
  /** Staff: one order with who made each change and where it may go next. */
  staffGet(id: string): Promise<StaffOrder>;
  /** Staff: 404 unless the order exists (checked before the body). */
  check(id: string): Promise<void>;
  /** Staff move an order along ORDER_TRANSITIONS; history records who and why. */
  move(
    viewer: Viewer & { userId: number },
    id: string,
    request: OrderMoveRequest,
    origin: string | null,
  ): Promise<Order>;
  /** A verified payment provider event (Stripe's webhook). */
  paymentEvent(event: PaymentEvent): Promise<void>;
}

export interface OrderServiceDeps {
  repository: OrderRepository;
  staffRepository: StaffOrderRepository;
  payments: Payments;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function createOrderService(deps: OrderServiceDeps): OrderService {
  const { repository, staffRepository, payments, mailer, log } = deps;

  /** An order by token or number, whoever asks (the callers check access). */
  const findById = async (id: string): Promise<OrderRow | undefined> => {
    if (ORDER_TOKEN.test(id)) return repository.find({ token: id });
    if (ORDER_NUMBER.test(id) && Number(id) <= MAX_INT) {
      return repository.find({ orderId: Number(id) });
    }
    return undefined;
  };

  /** What the browser needs to pay a card order that awaits payment; null otherwise. */
  const clientSecret = async (row: OrderRow): Promise<string | null> => {
    if (row.status !== 'awaiting payment') return null;
    const provider = payments.provider(row.payment_method);
    if (!provider) return null;
    try {
      if (row.payment_ref) return await provider.clientSecret(row.payment_ref);
      // Checkout stores the reference; when the provider could not be reached then, the
      // payment is started now (the provider's idempotency key is the order's).
      const started = await provider.start({
        token: row.token,
        orderId: row.order_id,
        amount: row.grand_total,
        email: row.email,
      });
      if (!started) return null;
      const stored = await repository.setPaymentRef(row.id, started.ref);
      return stored === started.ref ? started.clientSecret : provider.clientSecret(stored);
    } catch (error) {
      log.error({ err: error, order: row.order_id }, 'payment provider unavailable');
      return null;
    }
  };

  const present = async (row: OrderRow): Promise<Order> => {
    const [lines, history, secret] = await Promise.all([
      repository.lines(row.id),
      repository.history(row.id),
      clientSecret(row),
    ]);
    return {
      ...summary(row),
      po_number: row.po_number,
      shipping_address: shippingAddress.parse(row.shipping_address),
      project: { id: row.project_id, name: row.project_name, token: row.project_token },
      lines: lines.map(line),
      history: history.map((h) => ({
        status: h.status,
        note: h.note,
        created: h.created.toISOString(),
      })),
      payment_client_secret: secret,
      shipment: shipmentOf(row),
      cancel_reason: row.cancel_reason,
    };
  };

  /** Whom an email about a status change goes to, and what it says. */
  const statusEmail = (order: Order, to: OrderStatus, link: string | null, note: string) => {
    if (to === 'in production') return inProductionEmail(order, link, note);
    if (to === 'shipped') return shippedEmail(order, link, note);
    if (to === 'cancelled') return cancelledEmail(order, link);
    return null;
  };

  const staffRow = async (id: string): Promise<OrderRow> => {
    const row = await findById(id);
    if (!row) throw notFound();
    return row;
  };

  return {
    async get(viewer, id) {
      const row = await findById(id);
      if (!row) throw notFound();
      const byToken = ORDER_TOKEN.test(id);
      const owner = viewer.userId !== null && row.project_owner_id === viewer.userId;
      if (!byToken && !owner && !viewer.isStaff) throw notFound();
      return present(row);
    },

    async present(orderRowId) {
      const row = await repository.find({ id: orderRowId });
      if (!row) throw notFound();
      return present(row);
    },

    async list(viewer, { page, pageSize, mine }) {
      const filter = { ownerId: viewer.isStaff && !mine ? null : viewer.userId };
      const count = await repository.count(filter);
      const pages = Math.max(1, Math.ceil(count / pageSize));
      if (page > pages) throw new ApiError(404, { detail: ORDER_MESSAGES.invalidPage });
      const rows = await repository.list(filter, pageSize, (page - 1) * pageSize);
      return { count, results: rows.map(summary) };
    },

    async staffList(query) {
      const { count, rows } = await staffRepository.list(query);
      return {
        count,
        results: rows.map((row) => ({ ...summary(row), customer_name: row.customer_name })),
      };
    },

    async staffGet(id) {
      const row = await staffRow(id);
      const [order, history] = await Promise.all([present(row), repository.history(row.id)]);
      return {
        ...order,
        customer_name: customerName(row.shipping_address),
        history: history.map((h) => ({
          status: h.status,
          note: h.note,
          created: h.created.toISOString(),
          actor: h.actor,
        })),
        next_statuses: [...ORDER_TRANSITIONS[row.status]],
      };
    },

    async check(id) {
      await staffRow(id);
    },

    async move(viewer, id, request, origin) {
      const row = await staffRow(id);
      const to: OrderStatus = request.status;
      if (!ORDER_TRANSITIONS[row.status].includes(to)) throw statusTransitionError();
      const fields = moveFields(to, request);
      const note = request.note ?? '';
      const moved = await repository.move(
        row.id,
        row.status,
        to,
        {
          note: to === 'cancelled' && note === '' ? (fields.cancel_reason ?? '') : note,
          actorId: viewer.userId,
        },
        fields,
      );
      if (!moved) throw new ApiError(409, { detail: ORDER_MESSAGES.changedMeanwhile });
      const order = await present({ ...row, ...fields, status: to });
      const email = statusEmail(order, to, orderLink(origin, order.id), note);
      if (email) {
        try {
          await mailer.send(email);
        } catch (error) {
          log.error({ err: error, order: order.order_id, status: to }, 'order status email failed');
        }
      }
      return order;
    },

    async paymentEvent(event) {
      let row = await repository.find({ paymentRef: event.ref });
      if (!row && event.orderToken && ORDER_TOKEN.test(event.orderToken)) {
        // The PaymentIntent was made but its id not stored (the answer was lost).
        const byToken = await repository.find({ token: event.orderToken });
        if (byToken?.payment_method === 'card' && byToken.payment_ref === null) {
          await repository.setPaymentRef(byToken.id, event.ref);
          row = { ...byToken, payment_ref: event.ref };
        }
      }
      if (!row) {
        log.warn({ ref: event.ref }, 'payment event for no order: ignored');
        return;
      }
      if (event.kind === 'failed') {
        if (row.status === 'awaiting payment') {
          await repository.note(
            row.id,
            row.status,
            `Card payment failed: ${event.reason}`.slice(0, 1000),
          );
        }
        return;
      }
      // Succeeded: idempotent, as Stripe may send an event more than once.
      if (row.status !== 'awaiting payment') return;
      if (event.amount !== row.grand_total) {
        await repository.note(
          row.id,
          row.status,
          `Card payment of ${formatUsd(event.amount)} (${event.ref}) does not match the total ${formatUsd(row.grand_total)}; check it before marking the order paid.`,
        );
        return;
      }
      await repository.move(row.id, 'awaiting payment', 'paid', {
        note: `Card payment of ${formatUsd(event.amount)} received (${event.ref}).`,
        actorId: null,
      });
    },
  };
}
