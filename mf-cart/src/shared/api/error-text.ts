import { isApiError } from '@atelier/api-client';
import { formatError } from '@atelier/ui';

/** What a failed change says to a person: the server's detail or first field error, else §8. */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.detail) return error.detail;
    const data = error.response?.data;
    if (data && typeof data === 'object') {
      for (const messages of Object.values(data as Record<string, unknown>)) {
        if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
      }
    }
  }
  const { title, description } = formatError(error);
  return description ? `${title}: ${description}` : title;
}
