import { isApiError } from '@atelier/api-client';
import { UPLOAD_INVALID_FIELDS } from '@atelier/contracts';

/**
 * SPEC §8 Upload 400: 'Invalid fields:' followed by the field names; other failures show
 * the error text (the server's detail when it sent one).
 */
export function uploadErrorText(error: unknown): string {
  if (isApiError(error)) {
    const data = error.response?.data;
    if (error.status === 400 && data && typeof data === 'object' && !('detail' in data)) {
      return `${UPLOAD_INVALID_FIELDS} ${Object.keys(data).join(', ')}`;
    }
    return error.detail ?? error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The messages of a 400's fields, for the artist to read under the names. */
export function fieldMessages(error: unknown): string[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const data = error.response?.data;
  if (!data || typeof data !== 'object') return [];
  return Object.entries(data as Record<string, unknown>).flatMap(([field, messages]) =>
    Array.isArray(messages) ? messages.map((message) => `${field}: ${String(message)}`) : [],
  );
}
