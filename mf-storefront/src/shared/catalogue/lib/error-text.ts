import { isApiError } from '@atelier/api-client';
import { formatError } from '@atelier/ui';

/** SPEC §8 failure text: the server's detail, else its body as JSON, else the error itself. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.detail) return error.detail;
    const data = error.response?.data;
    if (data !== undefined && data !== null && data !== '')
      return typeof data === 'string' ? data : JSON.stringify(data);
  }
  const { title, description } = formatError(error);
  return description ? `${title} ${description}` : title;
}
