import { UPLOAD_REVIEW_LABELS, type Upload } from '@atelier/contracts';
import type { ReviewFilter } from '../api/upload-queries';

export const UPLOAD_TYPE = 'upload';
export const UPLOADS_TITLE = 'Uploads';
export const DECLINE_NEEDS_MESSAGE = 'Say why, for the artist: a decline needs a message.';
export const APPROVE_UPLOAD_CONFIRM = 'Approve this upload?';
export const DECLINE_UPLOAD_CONFIRM = 'Decline this upload?';
/** SPEC §8 publish failure: the error text, then this advice. */
export const PUBLISH_ADVICE = 'Please try again. Contact customer support if this persists.';
export const PUBLISHING = 'Published: the picture is being added to the catalogue and search.';
export const IN_CATALOGUE = 'Published: in the catalogue and found by search.';

export const REVIEW_FILTERS: readonly ReviewFilter[] = ['all', 'pending', 'approved', 'declined'];
export const REVIEW_FILTER_LABELS: Record<ReviewFilter, string> = {
  all: 'All',
  ...UPLOAD_REVIEW_LABELS,
};
export const REVIEW_COLOURS: Record<Upload['review'], string> = {
  pending: 'orange',
  approved: 'green',
  declined: 'red',
};
export const STATUS_LABELS: Record<Upload['status'], string> = {
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** Who the upload is credited to: its artist, else its publisher. */
export const creditOf = (upload: Pick<Upload, 'artist_name' | 'publisher'>): string =>
  upload.artist_name
    ? `Artist: ${upload.artist_name}`
    : upload.publisher
      ? `Publisher: ${upload.publisher}`
      : 'No credit';
