import { http, HttpResponse, type PathParams } from 'msw';
import { setupServer } from 'msw/node';
import {
  availableSizes,
  type AddItemRequest,
  type AddItemResponse,
  type AvailableSizesResponse,
  type Cart,
  type ContentEditResponse,
  type CreateProjectRequest,
  type DetailError,
  type PriceTier,
  type ValidationError,
  type WorkspacePage,
} from '@atelier/contracts';
import { addedItem, cart, NEW_TOKEN } from './fixtures';

export const server = setupServer();

const ORIGIN = 'http://localhost';

/** What the handlers were asked, for assertions. */
export interface Calls {
  createProject: CreateProjectRequest[];
  addItem: { token: string; body: AddItemRequest }[];
  popular: number[];
  cartGets: string[];
  workspaceSearches: (string | null)[];
}

export interface ServeOptions {
  carts?: Cart[];
  workspaces?: WorkspacePage | { status: number; body: DetailError };
  addItem?: { status: number; body: ValidationError };
}

/** The calls Quick Add makes (SPEC §7), answered with the contract types. */
export function serveQuickAdd(options: ServeOptions = {}): Calls {
  const calls: Calls = {
    createProject: [],
    addItem: [],
    popular: [],
    cartGets: [],
    workspaceSearches: [],
  };
  const carts = new Map((options.carts ?? []).map((c) => [c.token, c]));
  server.use(
    http.get(`${ORIGIN}/api/v1/availablesizes/`, ({ request }) => {
      const url = new URL(request.url);
      const body: AvailableSizesResponse = availableSizes(
        Number(url.searchParams.get('w')),
        Number(url.searchParams.get('h')),
        Number(url.searchParams.get('price') ?? 1) as PriceTier,
      );
      return HttpResponse.json<AvailableSizesResponse>(body);
    }),
    http.get<PathParams, never, WorkspacePage | DetailError>(
      `${ORIGIN}/api/v2/myworkspaces/`,
      ({ request }) => {
        calls.workspaceSearches.push(new URL(request.url).searchParams.get('search'));
        const answer = options.workspaces ?? { results: [], count: 0 };
        if ('status' in answer)
          return HttpResponse.json<DetailError>(answer.body, { status: answer.status });
        return HttpResponse.json<WorkspacePage>(answer);
      },
    ),
    http.get<{ token: string }, never, Cart | DetailError>(
      `${ORIGIN}/api/v2/projects/:token/`,
      ({ params }) => {
        calls.cartGets.push(params.token);
        const found = carts.get(params.token);
        if (!found)
          return HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 });
        return HttpResponse.json<Cart>(found);
      },
    ),
    http.post(`${ORIGIN}/api/v2/projects/`, async ({ request }) => {
      const body = (await request.json()) as CreateProjectRequest;
      calls.createProject.push(body);
      const created = cart({ token: NEW_TOKEN, guest_email: body.cart_email ?? null });
      carts.set(created.token, created);
      return HttpResponse.json<Cart>(created, { status: 201 });
    }),
    http.post<{ token: string }, AddItemRequest, AddItemResponse | ValidationError>(
      `${ORIGIN}/api/v2/projects/:token/items/`,
      async ({ params, request }) => {
        const body = await request.json();
        calls.addItem.push({ token: params.token, body });
        if (options.addItem)
          return HttpResponse.json<ValidationError>(options.addItem.body, {
            status: options.addItem.status,
          });
        return HttpResponse.json<AddItemResponse>(addedItem(params.token, body), { status: 201 });
      },
    ),
    http.patch<{ id: string }>(`${ORIGIN}/content/edit/:id/`, ({ params }) => {
      calls.popular.push(Number(params.id));
      const body: ContentEditResponse = {
        id: Number(params.id),
        user_favorite: false,
        published: true,
        popularity: 1,
      };
      return HttpResponse.json<ContentEditResponse>(body);
    }),
  );
  return calls;
}
