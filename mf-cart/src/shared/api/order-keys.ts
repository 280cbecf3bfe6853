/** Query keys of orders: a list page, one order, and everything at once for invalidation. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => ['orders', 'list'] as const,
  list: (params: object) => ['orders', 'list', params] as const,
  detail: (id: string) => ['orders', 'detail', id] as const,
  latest: () => ['orders', 'latest'] as const,
};
