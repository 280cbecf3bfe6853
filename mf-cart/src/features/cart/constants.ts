/** SPEC §9: a quantity change is sent this long after the last keystroke or click. */
export const QUANTITY_DEBOUNCE_MS = 650;

/** SPEC §2 cart/project screen strings. */
export const CART_TEXT = {
  cart: 'Cart',
  project: 'Project',
  projectId: (id: number) => `Project ID: ${id}`,
  ordered: 'This project has been ordered',
  viewOrder: 'View order',
  empty: 'Your project is empty',
  browse: 'Browse top selling art',
  browseHref: '/search?sort=popular',
  signIn: 'Sign in',
  signUp: 'Sign up',
  subtotal: (countLabel: string) => `Subtotal (${countLabel})`,
  volumeDiscount: (rate: number) => `Volume Discount (${rate}%)`,
  shipping: 'Shipping Estimate',
  total: 'Total',
  checkout: 'Check out',
  notFound: 'Project not found',
  notFoundDetail: 'This project does not exist, or it is not yours.',
  summary: 'Order summary',
  items: 'Items',
} as const;

/** SPEC §2 cart item row strings. */
export const ITEM_TEXT = {
  quantity: 'Quantity',
  customize: 'Customize',
  remove: 'Remove',
  removeTitle: (name: string) => `Remove ${name} from this project?`,
  removed: (name: string) => `${name} removed`,
  each: 'each',
  cancel: 'Cancel',
} as const;

/** The customize page of an item: where it goes. */
export const customizePath = (itemId: number, token: string) =>
  `/art/design/${itemId}?project=${encodeURIComponent(token)}`;

/** Check out of the held cart is /checkout; of any other project, its own checkout. */
export const checkoutPath = (projectId: number, isCurrentCart: boolean) =>
  isCurrentCart ? '/checkout' : `/projects/${projectId}/checkout`;

export const orderPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}`;
