import { useCallback } from 'react';
import { App, type ModalFuncProps } from 'antd';

/** SPEC §4: a dialog that is not confirmed rejects with this message. */
export const CANCELLED = 'Cancelled';

class CancelledError extends Error {
  constructor() {
    super(CANCELLED);
    this.name = 'CancelledError';
  }
}

export const isCancelled = (error: unknown): boolean =>
  error instanceof Error && error.message === CANCELLED;

/**
 * SPEC §4 modal dialogs: `confirm(props)` resolves (true) on OK and rejects as 'Cancelled'
 * on Cancel, Escape or a click outside. Uses the page's antd App, never a static Modal.
 */
export function useConfirm() {
  const { modal } = App.useApp();
  return useCallback(
    (props: Omit<ModalFuncProps, 'onOk' | 'onCancel'>) =>
      new Promise<true>((resolve, reject) => {
        modal.confirm({
          ...props,
          onOk: () => resolve(true),
          onCancel: () => reject(new CancelledError()),
        });
      }),
    [modal],
  );
}
