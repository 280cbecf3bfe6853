import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { OptionsMetadata } from '@atelier/contracts';
import { uploadKeys } from './upload-keys';

/** OPTIONS /api/upload/ (SPEC §7): the form's fields, as DRF's metadata describes them. */
const getUploadOptions = () => api.request<OptionsMetadata>('OPTIONS', '/api/upload/');

const uploadOptionsQuery = () =>
  queryOptions({ queryKey: uploadKeys.options, queryFn: getUploadOptions, staleTime: Infinity });

export const useUploadOptions = () => useQuery(uploadOptionsQuery());
