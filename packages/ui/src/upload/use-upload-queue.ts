import { useCallback, useEffect, useReducer, useRef } from 'react';
import { nameFromFile, refusalOf } from './file-checks';
import { createTransfer, type Transfer } from './transfer';
import { queueReducer, type QueueAction, type QueueItem } from './upload-queue';

let counter = 0;
const nextKey = () => `file-${Date.now().toString(36)}-${(counter += 1)}`;

/**
 * The queue of pictures being sent: each file is checked by its first bytes, then sent
 * over its own resumable transfer; its progress, trouble and resumption are its own.
 */
export function useUploadQueue() {
  const [items, dispatch] = useReducer(queueReducer, [] as QueueItem[]);
  const transfers = useRef(new Map<string, Transfer>());

  useEffect(() => {
    const open = transfers.current;
    return () => open.forEach((transfer) => transfer.pause());
  }, []);

  const add = useCallback(async (files: readonly File[]) => {
    for (const file of files) {
      const key = nextKey();
      dispatch({
        type: 'added',
        key,
        fileName: file.name,
        bytes: file.size,
        name: nameFromFile(file.name),
      });
      const reason = await refusalOf(file);
      if (reason) {
        dispatch({ type: 'refused', key, reason });
        continue;
      }
      const transfer = createTransfer(file, {
        onProgress: (sent) => dispatch({ type: 'progress', key, sent }),
        onReconnecting: () => dispatch({ type: 'reconnecting', key }),
        onDone: ({ id, picture }) => dispatch({ type: 'uploaded', key, fileId: id, picture }),
        onFailed: (why, retryable) => dispatch({ type: 'failed', key, reason: why, retryable }),
      });
      transfers.current.set(key, transfer);
      dispatch({ type: 'started', key });
      transfer.start();
    }
  }, []);

  const resume = useCallback((key: string) => {
    dispatch({ type: 'started', key });
    transfers.current.get(key)?.start();
  }, []);

  const pause = useCallback((key: string) => {
    transfers.current.get(key)?.pause();
    dispatch({ type: 'paused', key });
  }, []);

  const remove = useCallback((key: string) => {
    transfers.current.get(key)?.pause();
    transfers.current.delete(key);
    dispatch({ type: 'removed', key });
  }, []);

  const clear = useCallback(() => {
    transfers.current.forEach((transfer) => transfer.pause());
    transfers.current.clear();
    dispatch({ type: 'cleared' });
  }, []);

  const update = useCallback((action: QueueAction) => dispatch(action), []);

  return { items, add, resume, pause, remove, clear, update };
}
