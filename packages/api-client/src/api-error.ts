/** What the server answered, when it answered at all. */
export interface ApiResponseInfo {
  status: number;
  statusText: string;
  data: unknown;
}

/**
 * Every failed call rejects with an ApiError: `response` is set when the server answered
 * (any non-2xx), absent when the request never got an answer (network down, CORS, abort).
 */
export class ApiError extends Error {
  readonly method: string;
  readonly url: string;
  readonly response?: ApiResponseInfo;

  constructor(message: string, init: { method: string; url: string; response?: ApiResponseInfo }) {
    super(message);
    this.name = 'ApiError';
    this.method = init.method;
    this.url = init.url;
    if (init.response) this.response = init.response;
  }

  get status(): number | undefined {
    return this.response?.status;
  }

  /** DRF's `{"detail": "..."}`, when the body has one. */
  get detail(): string | undefined {
    const data = this.response?.data;
    if (data && typeof data === 'object' && 'detail' in data) {
      const { detail } = data as { detail: unknown };
      return typeof detail === 'string' ? detail : undefined;
    }
    return undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
