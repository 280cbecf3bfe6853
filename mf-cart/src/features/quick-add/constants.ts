import {
  COMMERCE_MESSAGES,
  DEFAULT_PAGE_SIZE,
  LOCATION_MAX_LENGTH,
  QUANTITY_MAX,
} from '@atelier/contracts';

// Every user-visible string and limit of Quick Add (SPEC §4, §5, §8, §9), named so that a
// reader can find it.

/** The two quick add actions (SPEC §4). */
export const ADD_TO_CART = 'Add to cart';
export const CUSTOMIZE = 'Customize';

/** SPEC §5 anonymous add to cart. */
export const EMAIL_MODAL_TITLE = 'Enter your email to save your cart';
export const EMAIL_MODAL_OK = 'Continue';
export const EMAIL_LABEL = 'Email';
export const SIGN_IN_INSTEAD = 'Sign in instead';
const SIGN_IN_PATH = '/accounts/login';
/** SPEC §4 modal dialogs: a dialog closed without OK rejects with this. */
export const CANCELLED = 'Cancelled';

/** SPEC §8 workspace loading error (followed by the error). */
export const WORKSPACES_ERROR = 'Error loading workspaces';
/** SPEC §9: workspace lookups use the shared default page size (20). */
export const WORKSPACE_PAGE_SIZE = DEFAULT_PAGE_SIZE;
/** SPEC §9 typeahead debounce. */
export const WORKSPACE_SEARCH_DEBOUNCE_MS = 300;

/** SPEC §8 unpublished image. */
export const UNPUBLISHED_MESSAGE = COMMERCE_MESSAGES.unpublished;
/** A 409 on an add: the project was ordered meanwhile. */
export const PROJECT_ORDERED = 'This project has been ordered';

/** SPEC §9: the cart refreshes 3000 ms after an add. */
export const CART_REFRESH_MS = 3000;

/** Staff fields (SPEC §2 quick view, §6). */
export const QUANTITY_LABEL = 'Quantity';
export const QUANTITY_MIN = 1;
export { QUANTITY_MAX, LOCATION_MAX_LENGTH };
export const LOCATION_LABEL = 'Location';
export const LOCATION_PLACEHOLDER = 'Room, floor or address';

export const SIZE_LABEL = 'Size';
export const SUBSTRATE_LABEL = 'Substrate';
export const WORKSPACE_LABEL = 'Workspace';
export const WORKSPACE_PLACEHOLDER = 'Choose a workspace';
export const PRICE_LABEL = 'Price';
export const CUSTOM_SIZE_LABEL = 'Custom size (inches)';
export const CUSTOM_SIZE_PLACEHOLDER = '20x30, 20 by 30 or 20';
export const USE_CUSTOM_SIZE = 'Use size';
export const SIZES_ERROR = 'Sizes are not available right now.';
export const QUICK_ADD_LABEL = 'Quick Add';

/** Success toasts (SPEC §4 quick add action). */
export const ADDED_TO_CART = 'Added to your cart.';
export const addedToProject = (name: string): string => `Added to ${name}.`;
export const VIEW_PROJECT = 'View project';

/** Where things are. */
export const customizePath = (itemId: number, token: string): string =>
  `/art/design/${itemId}?project=${encodeURIComponent(token)}`;
export const projectPath = (projectId: number): string => `/projects/${projectId}`;
export const signInPath = (redirect: string): string =>
  `${SIGN_IN_PATH}?redirect=${encodeURIComponent(redirect)}`;
