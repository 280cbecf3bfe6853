import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { OptionsMetadata, Upload, UploadFormInput, UploadPage } from '@atelier/contracts';

const UPLOAD_PATH = '/api/upload/';
export type ReviewFilter = Upload['review'] | 'all';

export interface UploadListParams {
  review: ReviewFilter;
  search: string;
  page: number;
  pageSize: number;
}

const uploadKeys = {
  all: ['manage', 'uploads'] as const,
  list: (params: UploadListParams) => [...uploadKeys.all, 'list', params] as const,
  one: (id: number) => [...uploadKeys.all, 'one', id] as const,
  options: ['manage', 'uploads', 'options'] as const,
};

/** A picture still being made into a thumbnail, or published but not yet in the catalogue. */
const settling = (upload: Upload): boolean =>
  upload.status === 'processing' || (upload.published && upload.image === null);
const SETTLING_POLL_MS = 2000;

/** GET /api/upload/: every upload for staff, newest first; by review and artist/publisher. */
const uploadListQuery = (params: UploadListParams) =>
  queryOptions({
    queryKey: uploadKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<UploadPage>(UPLOAD_PATH, {
        params: {
          ...(params.review === 'all' ? {} : { review: params.review }),
          ...(params.search ? { search: params.search } : {}),
          limit: params.pageSize,
          offset: (params.page - 1) * params.pageSize,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some(settling) ? SETTLING_POLL_MS : false,
  });

export const useUploadList = (params: UploadListParams) => useQuery(uploadListQuery(params));

const uploadQuery = (id: number) =>
  queryOptions({
    queryKey: uploadKeys.one(id),
    queryFn: ({ signal }) => api.get<Upload>(`${UPLOAD_PATH}${id}/`, { signal }),
    refetchInterval: (query) =>
      query.state.data && settling(query.state.data) ? SETTLING_POLL_MS : false,
  });

export const useUpload = (id: number) => useQuery(uploadQuery(id));

/** OPTIONS /api/upload/ (SPEC §7): the form's fields as DRF metadata. */
export const useUploadOptions = () =>
  useQuery({
    queryKey: uploadKeys.options,
    queryFn: ({ signal }) => api.request<OptionsMetadata>('OPTIONS', UPLOAD_PATH, { signal }),
    staleTime: Infinity,
  });

type ReviewAction =
  { action: 'approve' } | { action: 'decline'; message: string } | { action: 'publish' };

/** POST /api/upload/:id/approve/, /decline/ (with the message), /publish/. */
const reviewUpload = (id: number, change: ReviewAction) =>
  api.post<Upload>(
    `${UPLOAD_PATH}${id}/${change.action}/`,
    change.action === 'decline' ? { message: change.message } : {},
  );

export function useReviewUpload(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewAction) => reviewUpload(id, change),
    onSuccess: async (upload) => {
      client.setQueryData(uploadKeys.one(id), upload);
      await client.invalidateQueries({ queryKey: [...uploadKeys.all, 'list'] });
    },
  });
}

/** POST /api/upload/ (SPEC §7): the form's values and the finished transfer's id. */
export function useCreateUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: UploadFormInput) => api.post<Upload>(UPLOAD_PATH, values),
    onSuccess: () => client.invalidateQueries({ queryKey: [...uploadKeys.all, 'list'] }),
  });
}
