import { createApiClient } from './client';

export { ApiError, isApiError, type ApiResponseInfo } from './api-error';
export {
  createApiClient,
  type ApiClient,
  type ApiClientOptions,
  type HttpMethod,
  type RequestOptions,
} from './client';
export { toQueryString, type QueryParams, type QueryValue } from './query-string';
export {
  NOT_AVAILABLE,
  SEARCH_PATH,
  isIgnorableSearchError,
  mergeSearchResponses,
  searchImages,
  splitPage,
  type SearchImagesOptions,
  type SearchImagesParams,
  type SearchImagesResult,
} from './search';
export { memoizeRefresh, REFRESH_MEMO_MS } from './refresh-memo';

/**
 * The one client of the page. api-client is a federation singleton, so the shell and every
 * remote share this instance and the auth the shell configures on it.
 */
export const api = createApiClient();
