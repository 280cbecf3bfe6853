/** TanStack Query keys of the upload feature; a sent form invalidates `all`. */
export const uploadKeys = {
  all: ['uploads'] as const,
  options: ['uploads', 'options'] as const,
  list: (offset: number, limit: number) => ['uploads', 'list', offset, limit] as const,
};
