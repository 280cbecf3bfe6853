import { useCallback, useEffect, useRef, useState } from 'react';
import { CANCELLED } from '../constants';

/** SPEC §4 modal dialogs: a dialog closed any way but OK rejects with this. */
export class CancelledError extends Error {
  constructor() {
    super(CANCELLED);
    this.name = 'CancelledError';
  }
}

export const isCancelled = (error: unknown): error is CancelledError =>
  error instanceof CancelledError;

interface Pending<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

export interface PromiseModal<T> {
  /** Whether the dialog is showing. */
  open: boolean;
  /** Shows the dialog; resolves with OK's value, rejects as Cancelled otherwise. */
  ask(): Promise<T>;
  ok(value: T): void;
  cancel(): void;
}

/**
 * A controlled dialog as a promise (SPEC §4 modal dialogs): render an antd `Modal` with
 * `open`, call `ok(value)` from its OK and `cancel()` from its Cancel. A dialog still open
 * when its owner unmounts rejects as Cancelled.
 */
export function usePromiseModal<T>(): PromiseModal<T> {
  const [open, setOpen] = useState(false);
  const pending = useRef<Pending<T> | null>(null);

  const settle = useCallback((how: (p: Pending<T>) => void) => {
    const current = pending.current;
    pending.current = null;
    setOpen(false);
    if (current) how(current);
  }, []);

  const ask = useCallback(
    () =>
      new Promise<T>((resolve, reject) => {
        pending.current?.reject(new CancelledError());
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );
  const ok = useCallback((value: T) => settle((p) => p.resolve(value)), [settle]);
  const cancel = useCallback(() => settle((p) => p.reject(new CancelledError())), [settle]);

  useEffect(
    () => () => {
      pending.current?.reject(new CancelledError());
      pending.current = null;
    },
    [],
  );

  return { open, ask, ok, cancel };
}
