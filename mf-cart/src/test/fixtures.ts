import type { Cart, CartItem, Page, ProjectListEntry } from '@atelier/contracts';

export const TOKEN = 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';

export const cart = (overrides: Partial<Cart> = {}): Cart => ({
  token: TOKEN,
  project: { id: 7, name: 'Lobby refit', label: 'Lobby refit' },
  owner: null,
  guest_email: 'guest@example.com',
  workspaces: [],
  created: '2025-01-02T10:00:00Z',
  latest_order: null,
  quantity: 3,
  subtotal: 15_000,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 2_400,
  grand_total: 17_400,
  ...overrides,
});

export const cartItem = (id: number, overrides: Partial<CartItem> = {}): CartItem => ({
  id,
  name: `Work ${id}`,
  quantity: 1,
  unit_price: 5_000,
  line_total: 5_000,
  imgsrc: `/media/originals/${id}.jpg`,
  thumb: `/media/thumbs/${id}.jpg`,
  config: { artist: 'Mira Sol', width: 24, height: 36, substrate: 'canvas' },
  size_label: '24" x 36"',
  custom: false,
  image: { id: 100 + id, max_width: 2000, max_height: 3000, price: 1 },
  workspace: null,
  location: '',
  customize_url: `https://atelier.example/art/design/${id}`,
  ...overrides,
});

export const projectEntry = (id: number, overrides: Partial<ProjectListEntry> = {}) =>
  ({
    token: `tok_${id}`,
    project: { id, name: `Project ${id}` },
    created: '2025-03-04T12:00:00Z',
    quantity: 2,
    latest_order: null,
    ...overrides,
  }) satisfies ProjectListEntry;

export const page = <T>(results: T[], count = results.length): Page<T> => ({
  count,
  next: null,
  previous: null,
  results,
});
