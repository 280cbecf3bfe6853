import { isApiError } from '@atelier/api-client';
import { PROJECT_ORDERED } from '../constants';

export interface AddFailure {
  title: string;
  description?: string;
}

const bodyText = (data: unknown): string | undefined => {
  if (data === undefined || data === null || data === '') return undefined;
  return typeof data === 'string' ? data : JSON.stringify(data);
};

/**
 * SPEC §8 add or open failure: the server's detail, or its body as JSON; a 409 says the
 * project was ordered. Without an answer, the error's own message.
 */
export function addFailure(error: unknown): AddFailure {
  if (isApiError(error) && error.response) {
    const text = error.detail ?? bodyText(error.response.data) ?? error.message;
    if (error.status === 409) return { title: PROJECT_ORDERED, description: text };
    return { title: text };
  }
  if (error instanceof Error) return { title: error.message || String(error) };
  return { title: String(error) };
}
