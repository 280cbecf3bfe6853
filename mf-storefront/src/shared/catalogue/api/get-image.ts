import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Image } from '@atelier/contracts';
import { isImageId } from '../lib/image-id';

const getImage = (id: string, signal?: AbortSignal) =>
  api.get<Image>(`/api/images/${encodeURIComponent(id)}/`, { signal });

export const imageQuery = (id: string) =>
  queryOptions({
    queryKey: ['images', 'detail', id],
    queryFn: ({ signal }) => getImage(id, signal),
  });

/** A malformed id is never sent: it names no image (see isImageId). */
export const useImage = (id: string) => useQuery({ ...imageQuery(id), enabled: isImageId(id) });
