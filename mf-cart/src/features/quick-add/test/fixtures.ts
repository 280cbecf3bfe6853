import {
  substratesFor,
  type AddItemResponse,
  type Cart,
  type Image,
  type Workspace,
} from '@atelier/contracts';
import type { SessionProfile, SessionUser } from '@atelier/session';

export const TOKEN = 'A'.repeat(32);
export const OTHER_TOKEN = 'B'.repeat(32);
export const NEW_TOKEN = 'C'.repeat(32);

/** A 4:3 picture, tier 2: its third standard size is 12" x 9", $25.99 as a print. */
export const image = (overrides: Partial<Image> = {}): Image => ({
  id: 42,
  local_id: 'L42',
  title: 'Salt Flats',
  artist: 'Mira Sol',
  artist_id: 3,
  source: 'GAA',
  royalty_code: 'MSOL0003',
  created: '2024-05-01T00:00:00Z',
  updated: '2024-05-01T00:00:00Z',
  preview: '/media/thumbs/42.jpg',
  thumb: '/media/thumbs/42.jpg',
  max_width: 1600,
  max_height: 1200,
  price: 2,
  published: true,
  caption: 'Morning light on the salt.',
  keywords: ['desert'],
  user_favorite: false,
  substrates: substratesFor(1600, 1200),
  substrate_sizes: [],
  _static: [],
  imgsrc: '/media/originals/42.jpg',
  ...overrides,
});

export const workspace = (
  id: number,
  name: string,
  project: { id: number; name: string; token: string } = { id: 7, name: 'Lobby', token: TOKEN },
): Workspace => ({ id, name, label: `${project.name} / ${name}`, project });

export const cart = (overrides: Partial<Cart> = {}): Cart => ({
  token: TOKEN,
  project: { id: 7, name: 'Lobby', label: 'Lobby' },
  owner: null,
  guest_email: 'guest@example.com',
  workspaces: [],
  created: '2024-05-01T00:00:00Z',
  latest_order: null,
  quantity: 0,
  subtotal: 0,
  volume_discount: 0,
  volume_discount_rate: 0,
  shipping: 0,
  grand_total: 0,
  ...overrides,
});

export const addedItem = (
  token: string,
  body: { action?: 'add' | 'open'; substrate?: string; size?: { w: number; h: number } },
): AddItemResponse => ({
  id: 501,
  name: 'Salt Flats',
  quantity: 1,
  unit_price: 2599,
  line_total: 2599,
  imgsrc: '/media/originals/42.jpg',
  thumb: '/media/thumbs/42.jpg',
  config: {
    artist: 'Mira Sol',
    width: body.size?.w ?? 12,
    height: body.size?.h ?? 9,
    substrate: (body.substrate ?? 'print') as AddItemResponse['config']['substrate'],
  },
  size_label: '12" x 9"',
  custom: false,
  image: { id: 42, max_width: 1600, max_height: 1200, price: 2 },
  workspace: null,
  location: '',
  customize_url: 'http://localhost/art/design/501',
  action: body.action ?? 'add',
  project_token: token,
});

export const user = (overrides: Partial<SessionUser> = {}): SessionUser => ({
  uuid: 'u-1',
  name: 'Ada',
  email: 'ada@example.com',
  is_staff: false,
  ...overrides,
});

export const profile = (overrides: Partial<SessionProfile> = {}): SessionProfile => ({
  user_id: 'u-1',
  current_project: { id: 7, name: 'Lobby' },
  current_workspace: null,
  application_stage: null,
  ...overrides,
});
