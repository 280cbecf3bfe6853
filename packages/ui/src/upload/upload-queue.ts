import type { Upload } from '@atelier/contracts';
import type { PictureFacts } from './transfer';

/** Where each picture of the queue stands. */
export type ItemState =
  | 'checking'
  | 'refused'
  | 'uploading'
  | 'reconnecting'
  | 'paused'
  | 'uploaded'
  | 'failed'
  | 'saving'
  | 'saved'
  | 'invalid';

/** What the artist reads for each state. */
export const ITEM_STATE_LABELS: Record<ItemState, string> = {
  checking: 'Checking',
  refused: 'Refused',
  uploading: 'Uploading',
  reconnecting: 'Connection lost, resuming',
  paused: 'Paused',
  uploaded: 'Uploaded',
  failed: 'Upload stopped',
  saving: 'Sending details',
  saved: 'Sent for review',
  invalid: 'Not sent',
};

export interface QueueItem {
  key: string;
  fileName: string;
  bytes: number;
  state: ItemState;
  sent: number;
  /** Why it was refused or stopped, or the form's error (SPEC §8 Upload 400). */
  error: string | null;
  /** A stopped transfer the artist may resume. */
  retryable: boolean;
  fileId: string | null;
  picture: PictureFacts | null;
  /** The picture's name in the form. */
  name: string;
  upload: Upload | null;
}

export type QueueAction =
  | { type: 'added'; key: string; fileName: string; bytes: number; name: string }
  | { type: 'refused'; key: string; reason: string }
  | { type: 'started'; key: string }
  | { type: 'progress'; key: string; sent: number }
  | { type: 'reconnecting'; key: string }
  | { type: 'paused'; key: string }
  | { type: 'uploaded'; key: string; fileId: string; picture: PictureFacts | null }
  | { type: 'failed'; key: string; reason: string; retryable: boolean }
  | { type: 'renamed'; key: string; name: string }
  | { type: 'saving'; key: string }
  | { type: 'saved'; key: string; upload: Upload }
  | { type: 'invalid'; key: string; message: string }
  | { type: 'removed'; key: string }
  | { type: 'cleared' };

const patch = (items: QueueItem[], key: string, change: Partial<QueueItem>): QueueItem[] =>
  items.map((item) => (item.key === key ? { ...item, ...change } : item));

/** The queue's reducer: each file moves on its own, and one file's trouble stays its own. */
export function queueReducer(items: QueueItem[], action: QueueAction): QueueItem[] {
  switch (action.type) {
    case 'added':
      return [
        ...items,
        {
          key: action.key,
          fileName: action.fileName,
          bytes: action.bytes,
          state: 'checking',
          sent: 0,
          error: null,
          retryable: false,
          fileId: null,
          picture: null,
          name: action.name,
          upload: null,
        },
      ];
    case 'refused':
      return patch(items, action.key, { state: 'refused', error: action.reason, retryable: false });
    case 'started':
      return patch(items, action.key, { state: 'uploading', error: null, retryable: false });
    case 'progress':
      return patch(items, action.key, { state: 'uploading', sent: action.sent });
    case 'reconnecting':
      return patch(items, action.key, { state: 'reconnecting' });
    case 'paused':
      return patch(items, action.key, { state: 'paused' });
    case 'uploaded':
      return patch(items, action.key, {
        state: 'uploaded',
        fileId: action.fileId,
        picture: action.picture,
        error: null,
      });
    case 'failed':
      return patch(items, action.key, {
        state: action.retryable ? 'failed' : 'refused',
        error: action.reason,
        retryable: action.retryable,
      });
    case 'renamed':
      return patch(items, action.key, { name: action.name });
    case 'saving':
      return patch(items, action.key, { state: 'saving', error: null });
    case 'saved':
      return patch(items, action.key, { state: 'saved', upload: action.upload, error: null });
    case 'invalid':
      return patch(items, action.key, { state: 'invalid', error: action.message });
    case 'removed':
      return items.filter((item) => item.key !== action.key);
    case 'cleared':
      return [];
  }
}

/** Uploaded (or sent back with a form error) and not yet sent: the submit sends these. */
export const readyToSend = (item: QueueItem): boolean =>
  item.fileId !== null && (item.state === 'uploaded' || item.state === 'invalid');

/** Still moving bytes. */
export const isTransferring = (item: QueueItem): boolean =>
  item.state === 'checking' || item.state === 'uploading' || item.state === 'reconnecting';
