import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { UploadPage } from '@atelier/contracts';
import { uploadKeys } from './upload-keys';

/** GET /api/upload/: the artist's own uploads, newest first. */
const getUploads = (offset: number, limit: number) =>
  api.get<UploadPage>('/api/upload/', { params: { offset, limit } });

const uploadsQuery = (offset: number, limit: number) =>
  queryOptions({
    queryKey: uploadKeys.list(offset, limit),
    queryFn: () => getUploads(offset, limit),
    placeholderData: keepPreviousData,
    // A picture in processing turns ready within seconds: look again meanwhile.
    refetchInterval: (query) =>
      query.state.data?.results.some((upload) => upload.status === 'processing') ? 3000 : false,
  });

export const useUploads = (offset: number, limit: number) => useQuery(uploadsQuery(offset, limit));
