import { createApiClient } from './client';

export { ApiError, isApiError } from './api-error';
export { createApiClient, type ApiClient } from './client';
export { toQueryString } from './query-string';
export { mergeSearchResponses, searchImages, splitPage, type SearchImagesParams } from './search';
export { memoizeRefresh } from './refresh-memo';

/**
 * The one client of the page. api-client is a federation singleton, so the shell and every
 * remote share this instance and the auth the shell configures on it.
 */
export const api = createApiClient();
