import { isApiError } from '@atelier/api-client';

export const UNDEFINED_ERROR = 'Undefined Error :(';
export const WARNING_SIGN = '⚠';

export interface ErrorSummary {
  title: string;
  description?: string;
}

/**
 * SPEC §8 global error display: an answered call shows its status and status text, an
 * unanswered one its message and 'METHOD url', anything else 'Error' and its message.
 */
export function formatError(error: unknown): ErrorSummary {
  if (error === null || error === undefined || error === '') return { title: UNDEFINED_ERROR };
  if (typeof error === 'string') return { title: `${WARNING_SIGN} ${error}` };
  if (isApiError(error)) {
    if (error.response) {
      return {
        title: String(error.response.status),
        description: error.response.statusText || error.detail,
      };
    }
    return { title: error.message, description: `${error.method} ${error.url}` };
  }
  if (error instanceof Error) {
    return error.message
      ? { title: 'Error', description: error.message }
      : { title: UNDEFINED_ERROR };
  }
  return { title: 'Error', description: JSON.stringify(error) };
}
