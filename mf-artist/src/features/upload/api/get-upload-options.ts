import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { OptionsMetadata } from '@atelier/contracts';
import { uploadKeys } from './upload-keys';

/** OPTIONS /api/upload/ (SPEC §7): the form's fields, as DRF's metadata describes them. */
export const getUploadOptions = () => api.request<OptionsMetadata>('OPTIONS', '/api/upload/');

export const uploadOptionsQuery = () =>
  queryOptions({ queryKey: uploadKeys.options, queryFn: getUploadOptions, staleTime: Infinity });

export const useUploadOptions = () => useQuery(uploadOptionsQuery());
