import { ApiError, isApiError } from '@atelier/api-client';

const ADDRESS = 'shipping_address';

/**
 * DRF nests the address's errors ({shipping_address: {line1: [...]}}); the form's fields
 * are named by path ('shipping_address.line1'). Flattens them so each lands on its field;
 * the address's own non-field errors join the form's non_field_errors.
 */
export function flattenCheckoutError(error: unknown): unknown {
  if (!isApiError(error) || error.status !== 400 || !error.response) return error;
  const data = error.response.data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return error;
  const body = { ...(data as Record<string, unknown>) };
  const nested = body[ADDRESS];
  if (nested === undefined) return error;
  delete body[ADDRESS];
  const general: unknown[] = [];
  if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
    for (const [key, value] of Object.entries(nested as Record<string, unknown>)) {
      if (key === 'non_field_errors') general.push(value);
      else body[`${ADDRESS}.${key}`] = value;
    }
  } else {
    general.push(nested);
  }
  if (general.length > 0) {
    const existing = body.non_field_errors;
    body.non_field_errors = [
      ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
    ].concat(general.flat().map((message) => `Shipping address: ${String(message)}`));
  }
  return new ApiError(error.message, {
    method: error.method,
    url: error.url,
    response: { ...error.response, data: body },
  });
}

/** The server gave a definite answer (a 4xx): a new submission needs a new key. */
export const isDefiniteRejection = (error: unknown): boolean =>
  isApiError(error) && error.status !== undefined && error.status >= 400 && error.status < 500;

export const isAlreadyOrdered = (error: unknown): boolean =>
  isApiError(error) && error.status === 409;
