export { AppProviders } from './providers/AppProviders';
export { atelierTheme } from './providers/theme';
export { createQueryClient } from './providers/query-client';
export { BRAND, formatPageTitle, usePageTitle } from './title/page-title';
export {
  formatError,
  UNDEFINED_ERROR,
  WARNING_SIGN,
  type ErrorSummary,
} from './errors/format-error';
export { ErrorDisplay } from './errors/ErrorDisplay';
export { RequireLogin, RequireStaff } from './guards/guards';
export { LOGIN_REQUIRED, STAFF_REQUIRED, SIGN_IN_PROMPT } from './guards/messages';
export { Loading, GridSkeleton, FEEDBACK_CSS } from './feedback/Loading';
export { MediaGrid, type MediaGridItem } from './media-grid/MediaGrid';
export { justifyRows, BASE_ROW_HEIGHT, TILE_GAP, type PlacedTile } from './media-grid/justify';
export { GRID_RESIZE_THROTTLE_MS } from './media-grid/use-container-width';
export { isTextField, isPlainKey, isModifiedClick } from './media-grid/keyboard';
export {
  EMAIL_PATTERN,
  EMAIL_REQUIRED,
  EMAIL_INVALID,
  PASSWORD_REQUIRED,
} from './accounts/credential-rules';
export type { Credentials, CredentialsFormProps } from './accounts/CredentialsForm';
export type { SignInFormProps } from './accounts/SignInForm';
export {
  CredentialsForm,
  SignInForm,
  FormAlertView,
  PaginationBar,
  preloadPaginationBar,
  Typeahead,
  EntityForm,
  UploadQueue,
  UploadFields,
  PrintReadiness,
} from './lazy-components';
export type { UploadFieldsProps } from './upload/UploadFields';
export type { UploadQueueProps } from './upload/UploadQueue';
export type { EntityFormProps } from './entity-form/EntityForm';
export {
  CLIENT_VALIDATION_FAILED,
  METADATA_ADVICE,
  NO_FIELDS_TEXT,
  NO_FIELDS_TITLE,
  INVALID_JSON,
  LOOKUP_DEBOUNCE_MS,
  LOOKUP_LIMIT,
  TEXTAREA_MAX_ROWS,
  READ_ONLY_NAMES,
  lookupErrorMessage,
} from './entity-form/entity-form-messages';
export type { FieldKind, FieldWidget } from './entity-form/entity-form-rules';
export type { PaginationBarProps } from './pagination/PaginationBar';
export {
  PAGE_NUMBER_MESSAGE,
  pageNumberMessage,
  pageCount,
  parsePageInput,
  pageKeepingFirstItem,
  formatResultCount,
  DEFAULT_PAGE_SIZE_OPTIONS,
} from './pagination/pagination-rules';
export type { TypeaheadProps } from './typeahead/Typeahead';
export {
  TYPEAHEAD_DEBOUNCE_MS,
  TYPEAHEAD_MORE_MARKER,
  isMoreMarker,
  moreMatches,
  type TypeaheadPage,
} from './typeahead/typeahead-rules';
export { useDebouncedValue } from './typeahead/use-debounced-value';
export {
  readServerErrors,
  INVALID_HIDDEN_FIELDS,
  CONTACT_SUPPORT,
  type FormAlert,
  type ServerErrors,
} from './forms/server-errors';
export { useServerErrors } from './forms/use-server-errors';
export {
  fetchRemotesManifest,
  REMOTES_MANIFEST_URL,
  type RemotesManifest,
} from './federation/remotes-manifest';
export { RemoteLoadError, isRemoteLoadError } from './federation/remote-load-error';
export {
  createRemoteRegistry,
  remoteRegistry,
  loadRemoteModule,
  federationName,
  type RemoteRegistry,
} from './federation/remote-registry';
export {
  RemoteFragment,
  fragmentUnavailable,
  FRAGMENT_RETRY,
  type RemoteFragmentProps,
} from './federation/RemoteFragment';
export {
  CHUNK_BYTES,
  RETRY_DELAYS_MS,
  createTransfer,
  type PictureFacts,
  type Transfer,
  type TransferEvents,
} from './upload/transfer';
export {
  ITEM_STATE_LABELS,
  queueReducer,
  readyToSend,
  isTransferring,
  type ItemState,
  type QueueAction,
  type QueueItem,
} from './upload/upload-queue';
export { useUploadQueue } from './upload/use-upload-queue';
export { refusalOf, nameFromFile, bytesLabel } from './upload/file-checks';
export { uploadFormFields, splitTags } from './upload/form-fields';
export { uploadErrorText, fieldMessages } from './upload/upload-errors';
