import { z } from 'zod';
import { sizeValue, substrate } from './catalogue';
import { LOCATION_MAX_LENGTH, ORDER_STATUSES } from './commerce-constants';
import { QUANTITY_MAX } from './totals';
import { CARRIERS } from './order-fulfilment-constants';

// Projects (carts), items, workspaces, checkout and orders: SPEC §3 and §7. Money is
// integer cents. A project's `token` is an unguessable capability (32 url-safe characters).
// Plain constants (page sizes, messages, transitions) are in commerce-constants.ts.

const workspace = z.object({
  id: z.number().int(),
  /** 'Project name / Workspace name'. */
  label: z.string(),
  project: z.object({ id: z.number().int(), name: z.string(), token: z.string() }),
  name: z.string(),
});
export type Workspace = z.infer<typeof workspace>;

export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;

export const paymentMethod = z.enum(['purchase_order', 'invoice', 'card']);
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** What a project says of its order, once it has one. */
const orderRef = z.object({
  /** The order's link id (its token): /orders/{id}. */
  id: z.string(),
  /** The number people say: 'Order #1042'. */
  order_id: z.number().int(),
  status: orderStatus,
  created: z.string(),
});
export type OrderRef = z.infer<typeof orderRef>;

const totals = z.object({
  quantity: z.number().int().nonnegative(),
  subtotal: z.number().int().nonnegative(),
  volume_discount: z.number().int().nonnegative(),
  volume_discount_rate: z.number().int().min(0).max(100),
  shipping: z.number().int().nonnegative(),
  grand_total: z.number().int().nonnegative(),
});
export type Totals = z.infer<typeof totals>;

/** SPEC §3 Cart/project, as every project call answers it. */
export const cart = totals.extend({
  token: z.string(),
  project: z.object({ id: z.number().int(), name: z.string(), label: z.string() }),
  /** The signed-in owner's uuid, or null for a guest's cart. */
  owner: z.string().nullable(),
  /** The email a guest gave for the cart; null for a user's project. */
  guest_email: z.string().nullable(),
  workspaces: z.array(workspace),
  created: z.string(),
  latest_order: orderRef.nullable(),
});
export type Cart = z.infer<typeof cart>;

/** SPEC §3 Project list entry (plus what the list rows show). */
export const projectListEntry = z.object({
  token: z.string(),
  project: z.object({ id: z.number().int(), name: z.string() }),
  created: z.string(),
  quantity: z.number().int().nonnegative(),
  latest_order: orderRef.nullable(),
});
export type ProjectListEntry = z.infer<typeof projectListEntry>;

/** SPEC §3 Cart item (plus what the cart row and the customize page show). */
export const cartItem = z.object({
  id: z.number().int(),
  /** The image's title. */
  name: z.string(),
  quantity: z.number().int().min(0).max(QUANTITY_MAX),
  unit_price: z.number().int().nonnegative(),
  line_total: z.number().int().nonnegative(),
  /** The full picture and its thumbnail. */
  imgsrc: z.string(),
  thumb: z.string(),
  config: z.object({
    artist: z.string(),
    width: z.number(),
    height: z.number(),
    substrate,
  }),
  size_label: z.string(),
  custom: z.boolean(),
  image: z.object({
    id: z.number().int(),
    max_width: z.number().int(),
    max_height: z.number().int(),
    price: z.number().int(),
  }),
  workspace: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  location: z.string(),
  /** SPEC §9: the main site's URL plus art/design/{id}. */
  customize_url: z.string(),
});
export type CartItem = z.infer<typeof cartItem>;

const imagedata = z.union(
  [z.number().int().positive(), z.looseObject({ id: z.number().int().positive() })],
  { error: 'An image id, or an object with the image id, is required.' },
);

/** `POST /api/v2/projects/{token}/items/`. A price sent by a client is ignored. */
export const addItemRequest = z.object({
  imagedata,
  size: sizeValue,
  substrate,
  action: z.enum(['add', 'open']).default('add'),
  workspace_id: z.number().int().positive().nullable().optional(),
  quantity: z.number().int().min(1).max(QUANTITY_MAX).default(1),
  location: z.string().max(LOCATION_MAX_LENGTH).optional(),
});
export type AddItemRequest = z.input<typeof addItemRequest>;

/** The answer to an add: the new item (its `id`) and where it went. */
export const addItemResponse = cartItem.extend({
  action: z.enum(['add', 'open']),
  project_token: z.string(),
});
export type AddItemResponse = z.infer<typeof addItemResponse>;

/** `PATCH /api/v2/projects/{token}/items/{id}/`: any of these. */
export const updateItemRequest = z.object({
  quantity: z.number().int().min(0).max(QUANTITY_MAX).optional(),
  size: sizeValue.optional(),
  substrate: substrate.optional(),
  workspace_id: z.number().int().positive().nullable().optional(),
  location: z.string().max(LOCATION_MAX_LENGTH).optional(),
});
export type UpdateItemRequest = z.infer<typeof updateItemRequest>;

/** `POST /api/v2/projects/`: a guest gives `cart_email`; a signed-in user may name it. */
export interface CreateProjectRequest {
  cart_email?: string;
  /** At most PROJECT_NAME_MAX_LENGTH (commerce-constants) characters. */
  name?: string;
}

/** SPEC §3 Paged response `{results, count}` (myworkspaces). */
export const workspacePage = z.object({ results: z.array(workspace), count: z.number().int() });
export type WorkspacePage = z.infer<typeof workspacePage>;

/** A postal address for shipping (validated by the server). */
export const shippingAddress = z.object({
  name: z.string(),
  company: z.string().optional(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  region: z.string(),
  postal_code: z.string(),
  /** ISO 3166-1 alpha-2, e.g. 'US'. */
  country: z.string(),
  phone: z.string().optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/** `POST /api/v2/projects/{token}/checkout/` with an `Idempotency-Key` header. */
export interface CheckoutRequest {
  email: string;
  shipping_address: ShippingAddress;
  payment_method: PaymentMethod;
  po_number?: string;
}

/** `GET /api/v2/payment-methods/`: what checkout may offer (card only when Stripe is keyed). */
export const paymentMethodsResponse = z.object({
  methods: z.array(z.object({ value: paymentMethod, label: z.string(), description: z.string() })),
  stripe_publishable_key: z.string().nullable(),
});
export type PaymentMethodsResponse = z.infer<typeof paymentMethodsResponse>;

const orderLine = z.object({
  id: z.number().int(),
  image_id: z.number().int().nullable(),
  name: z.string(),
  thumb: z.string(),
  artist: z.string(),
  width: z.number(),
  height: z.number(),
  size_label: z.string(),
  substrate,
  workspace: z.string().nullable(),
  location: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  line_total: z.number().int(),
});
export type OrderLine = z.infer<typeof orderLine>;

const orderStatusChange = z.object({
  status: orderStatus,
  note: z.string(),
  created: z.string(),
});

/** A shipped order's carrier and tracking (the link only for carriers with a tracking page). */
const shipment = z.object({
  carrier: z.enum(CARRIERS),
  carrier_label: z.string(),
  tracking_number: z.string(),
  tracking_url: z.string().nullable(),
});
export type Shipment = z.infer<typeof shipment>;

/** An order as its owner, its link's holder or staff see it. */
export const order = totals.extend({
  id: z.string(),
  order_id: z.number().int(),
  status: orderStatus,
  email: z.string(),
  payment_method: paymentMethod,
  po_number: z.string().nullable(),
  shipping_address: shippingAddress,
  project: z.object({ id: z.number().int(), name: z.string(), token: z.string() }),
  lines: z.array(orderLine),
  history: z.array(orderStatusChange),
  created: z.string(),
  /** Card payments: what Stripe's Payment Element needs while the order awaits payment. */
  payment_client_secret: z.string().nullable(),
  /** Set once shipped (migration 0075). */
  shipment: shipment.nullable(),
  /** Why staff cancelled it, once cancelled. */
  cancel_reason: z.string().nullable(),
});
export type Order = z.infer<typeof order>;

/** A row of the orders list. */
export const orderSummary = totals.extend({
  id: z.string(),
  order_id: z.number().int(),
  status: orderStatus,
  email: z.string(),
  payment_method: paymentMethod,
  project: z.object({ id: z.number().int(), name: z.string() }),
  created: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** Staff: `PATCH /api/v2/orders/{id}/` moves an order along (recording a payment too). */
export interface OrderStatusRequest {
  status: OrderStatus;
  /** At most 1000 characters. */
  note?: string;
}
