/** DRF's field errors: field → messages, a nested serializer's field → its own tree. */
export type ErrorTree = { [field: string]: string[] | ErrorTree };

/** DRF-style error bodies: `{detail}` for 401/403/404, field → messages for 400. */
export type ErrorBody = { detail: string } | ErrorTree;

/** An error the client is meant to see, with its status and exact body. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
  ) {
    super('detail' in body && typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'ApiError';
  }
}

export const NOT_FOUND = 'Not found.';
export const SERVER_ERROR = 'A server error occurred.';

export const notFound = (): ApiError => new ApiError(404, { detail: NOT_FOUND });

/** A 400 naming one field (or `non_field_errors`). */
export const fieldError = (field: string, message: string): ApiError =>
  new ApiError(400, { [field]: [message] });
