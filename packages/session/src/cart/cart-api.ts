import { api, type ApiClient } from '@atelier/api-client';
import type {
  AddItemRequest,
  AddItemResponse,
  Cart,
  CartItem,
  CreateProjectRequest,
  Page,
  ProjectListEntry,
  UpdateItemRequest,
  WorkspacePage,
} from '@atelier/contracts';
import { CART_ITEMS_PAGE_SIZE, TYPEAHEAD_PAGE_SIZE } from '@atelier/contracts';

const enc = encodeURIComponent;

/** SPEC §7 main app API: projects (carts), items, migration, typeaheads. */
const CART_PATHS = {
  projects: '/api/v2/projects/',
  project: (idOrToken: string | number) => `/api/v2/projects/${enc(String(idOrToken))}/`,
  items: (idOrToken: string | number) => `/api/v2/projects/${enc(String(idOrToken))}/items/`,
  item: (token: string, itemId: number) => `/api/v2/projects/${enc(token)}/items/${itemId}/`,
  migrate: (token: string) => `/api/v2/projects/${enc(token)}/migrate-cart/`,
  myProjects: '/api/v2/myprojects/',
  myWorkspaces: '/api/v2/myworkspaces/',
} as const;

export interface ProjectListParams {
  page?: number;
  page_size?: number;
  search?: string;
  limit?: number;
}

export interface CartItemsParams {
  page?: number;
  page_size?: number;
}

/** The fetchers of the cart; `client` is the page's shared api client unless a test passes one. */
export function createCartApi(client: ApiClient = api) {
  return {
    getProject: (idOrToken: string | number, signal?: AbortSignal) =>
      client.get<Cart>(CART_PATHS.project(idOrToken), { signal }),
    listProjects: (params: ProjectListParams = {}, signal?: AbortSignal) =>
      client.get<Page<ProjectListEntry>>(CART_PATHS.projects, {
        params: { ...params },
        signal,
      }),
    createProject: (body: CreateProjectRequest) => client.post<Cart>(CART_PATHS.projects, body),
    /** SPEC §5: cart items are listed only when quantity is greater than 0. */
    getItems: (idOrToken: string | number, params: CartItemsParams = {}, signal?: AbortSignal) =>
      client.get<Page<CartItem>>(CART_PATHS.items(idOrToken), {
        params: {
          quantity__gt: 0,
          page: params.page ?? 1,
          page_size: params.page_size ?? CART_ITEMS_PAGE_SIZE,
        },
        signal,
      }),
    addItem: (token: string, body: AddItemRequest) =>
      client.post<AddItemResponse>(CART_PATHS.items(token), body),
    updateItem: (token: string, itemId: number, body: UpdateItemRequest) =>
      client.patch<CartItem>(CART_PATHS.item(token, itemId), body),
    removeItem: (token: string, itemId: number) =>
      client.delete<null>(CART_PATHS.item(token, itemId)),
    migrateCart: (token: string) => client.post<Cart>(CART_PATHS.migrate(token), {}),
    myProjects: (search: string, signal?: AbortSignal) =>
      client.get<Page<ProjectListEntry>>(CART_PATHS.myProjects, {
        params: { search, page_size: TYPEAHEAD_PAGE_SIZE },
        signal,
      }),
    myWorkspaces: (search: string, pageSize: number, signal?: AbortSignal) =>
      client.get<WorkspacePage>(CART_PATHS.myWorkspaces, {
        params: { search, page_size: pageSize },
        signal,
      }),
  };
}

export type CartApi = ReturnType<typeof createCartApi>;

export const cartApi = createCartApi();
