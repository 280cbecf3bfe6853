/** TanStack Query keys of the collections feature; a save invalidates `all`. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (search: string) => ['collections', 'list', search] as const,
  detail: (id: string) => ['collections', 'detail', id] as const,
  lookup: ['collections', 'lookup'] as const,
  images: (id: string, offset: number, limit: number) =>
    ['collections', 'images', id, offset, limit] as const,
};
