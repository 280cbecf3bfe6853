import type { Collection, CollectionPage } from '@atelier/contracts';
import type { SessionUser } from '@atelier/session';

export const OWNER: SessionUser = {
  uuid: '00000000-0000-4000-8000-000000000001',
  name: 'Ada Owner',
  email: 'ada@example.com',
  is_staff: false,
};
export const STAFF: SessionUser = {
  uuid: '00000000-0000-4000-8000-000000000002',
  name: 'Sam Staff',
  email: 'sam@example.com',
  is_staff: true,
};

/** A collection as the data API answers it (contract type, so a shape change breaks tests). */
export const aCollection = (id: number, overrides: Partial<Collection> = {}): Collection => ({
  id,
  name: `Collection ${id}`,
  description: '',
  communal: true,
  public: true,
  owner: OWNER.uuid,
  contents: [],
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
  editable: false,
  ...overrides,
});

export const pageOf = (results: Collection[], count = results.length): CollectionPage => ({
  count,
  next: null,
  previous: null,
  results,
});
