import { ApiError } from './api-error';
import { toQueryString, type QueryParams } from './query-string';
import { memoizeRefresh, REFRESH_MEMO_MS } from './refresh-memo';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

interface RequestOptions {
  params?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * On a 401, refresh the access token and retry once (default true). Off for the calls
   * that sign in or refresh: their 401 is the answer.
   */
  refreshOn401?: boolean;
}

export interface ApiClientOptions {
  /** Prefix of every path; '' means the page's own origin. */
  baseUrl?: string;
  /** The current access token, sent as `Authorization: JWT <token>`. */
  getAccessToken?: () => string | null | undefined;
  fetch?: typeof fetch;
  /**
   * Gets a new access token after a 401 (SPEC §4), or null when there is no login to
   * refresh or the refresh failed. Memoized for 10 s: parallel 401s share one refresh.
   */
  refreshAccessToken?: () => Promise<string | null>;
  /** How long a refresh is shared (SPEC §9: 10 s); tests shorten it. */
  refreshMemoMs?: number;
}

export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
  /** Replaces the options of this client (the shell configures the shared one at boot). */
  configure(options: ApiClientOptions): void;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient(initial: ApiClientOptions = {}): ApiClient {
  let options = initial;
  let refresh = memoized(initial);

  function memoized(from: ApiClientOptions): (() => Promise<string | null>) | undefined {
    const refreshAccessToken = from.refreshAccessToken;
    return refreshAccessToken
      ? memoizeRefresh(refreshAccessToken, from.refreshMemoMs ?? REFRESH_MEMO_MS)
      : undefined;
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    init: RequestOptions = {},
  ): Promise<T> {
    try {
      return await send<T>(method, path, init, options.getAccessToken?.());
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      if (init.refreshOn401 === false || !refresh) throw error;
      const token = await refresh();
      if (!token) throw error;
      return send<T>(method, path, init, token);
    }
  }

  async function send<T>(
    method: HttpMethod,
    path: string,
    init: RequestOptions,
    token: string | null | undefined,
  ): Promise<T> {
    const query = toQueryString(init.params);
    const url = `${options.baseUrl ?? ''}${path}${query ? `?${query}` : ''}`;
    const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
    if (token) headers.Authorization = `JWT ${token}`;
    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (init.body instanceof FormData) {
        body = init.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(init.body);
      }
    }
    const doFetch = options.fetch ?? fetch;
    let response: Response;
    try {
      response = await doFetch(url, {
        method,
        headers,
        body,
        credentials: 'include',
        signal: init.signal,
      });
    } catch (cause) {
      const message = cause instanceof Error ? cause.message : String(cause);
      throw new ApiError(message || 'Network error', { method, url });
    }
    const data = await readBody(response);
    if (!response.ok) {
      throw new ApiError(`${method} ${url} failed with ${response.status}`, {
        method,
        url,
        response: { status: response.status, statusText: response.statusText, data },
      });
    }
    return data as T;
  }

  return {
    request,
    get: (path, init) => request('GET', path, init),
    post: (path, body, init) => request('POST', path, { ...init, body }),
    put: (path, body, init) => request('PUT', path, { ...init, body }),
    patch: (path, body, init) => request('PATCH', path, { ...init, body }),
    delete: (path, init) => request('DELETE', path, init),
    configure(next) {
      options = { ...options, ...next };
      if ('refreshAccessToken' in next || 'refreshMemoMs' in next) refresh = memoized(options);
    },
  };
}
