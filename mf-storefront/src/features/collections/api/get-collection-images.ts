import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchImages } from '@atelier/api-client';
import { collectionKeys } from '../../../shared/collections/collection-keys';

/**
 * A page of a collection's images, in the collection's order, through the search's
 * `artcollection` filter (SPEC §7: one call), so they arrive as grid cards with prices.
 */
const collectionImagesQuery = (id: string, offset: number, limit: number) =>
  queryOptions({
    queryKey: collectionKeys.images(id, offset, limit),
    queryFn: ({ signal }) => searchImages(api, { artcollection: id, offset, limit }, { signal }),
    placeholderData: keepPreviousData,
  });

export const useCollectionImages = (id: string, offset: number, limit: number) =>
  useQuery(collectionImagesQuery(id, offset, limit));
