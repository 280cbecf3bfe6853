// Plain constants of carts, checkout and orders, kept apart from the zod schemas of
// commerce.ts so that a front end importing them does not bundle zod (the session store is
// on every page's first load).

export const PROJECT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** SPEC §9 page sizes. */
export const CART_ITEMS_PAGE_SIZE = 50;
export const PROJECT_LIST_PAGE_SIZE = 20;
export const TYPEAHEAD_PAGE_SIZE = 20;
/** SPEC §9: pagination options. The default page size is the first. */
export const PAGE_SIZE_OPTIONS = [20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZE_OPTIONS[0];

/** Every new project starts with one workspace of this name. */
export const DEFAULT_WORKSPACE_NAME = 'Main';
/** The name of a guest's cart. */
export const GUEST_CART_NAME = 'Cart';
export const LOCATION_MAX_LENGTH = 300;
export const PROJECT_NAME_MAX_LENGTH = 100;

/** Server messages callers match on. */
export const COMMERCE_MESSAGES = {
  ordered: 'This project has been ordered and can no longer change.',
  unpublished: 'This image is unpublished and cannot be purchased.',
  substrateNotOffered: 'This picture cannot be printed on that substrate.',
  sizeNotOffered: 'That size is not made on this substrate.',
  customSizeNotAllowed:
    'Custom sizes need a signed-in account, and are not made on mural or window film.',
  sideRange: 'Each side must be between 0.1 and 1000 inches.',
  workspaceNotFound: 'No such workspace in your projects.',
  emailRequiredForGuest: 'Enter your email to save your cart.',
  alreadyOrdered: 'This project has already been ordered.',
  emptyProject: 'This project has no items to order.',
  poNumberRequired: 'A purchase order number is required.',
  idempotencyKeyRequired: 'An Idempotency-Key header is required.',
  paymentMethodUnavailable: 'This payment method is not available.',
  statusTransition: 'An order cannot move from this status to that one.',
} as const;

/** Every status an order can have, in its life's order (commerce.ts builds its zod enum from it). */
export const ORDER_STATUSES = [
  'placed',
  'awaiting payment',
  'paid',
  'in production',
  'shipped',
  'cancelled',
] as const;
type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Which statuses an order may move to from each status (staff; webhooks use the same). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ['in production', 'cancelled'],
  'awaiting payment': ['paid', 'cancelled'],
  paid: ['in production', 'cancelled'],
  'in production': ['shipped'],
  shipped: [],
  cancelled: [],
};

/** 'Order #1042' (SPEC §2 order rows). */
export const orderTitle = (orderId: number): string => `Order #${orderId}`;
