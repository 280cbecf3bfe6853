import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@atelier/api-client';
import type { Upload, UploadFormInput } from '@atelier/contracts';
import { uploadKeys } from './upload-keys';

/** POST /api/upload/ (SPEC §7): the form's values and the finished transfer's id. */
const saveUpload = (values: UploadFormInput) => api.post<Upload>('/api/upload/', values);

export function useSaveUpload() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveUpload,
    onSuccess: () => client.invalidateQueries({ queryKey: uploadKeys.all }),
  });
}
