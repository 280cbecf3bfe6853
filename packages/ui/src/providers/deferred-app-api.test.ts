import { createDeferredAppApi, type AppApi } from './deferred-app-api';

/** A stand-in for antd's App API that records its calls. */
function fakeAppApi() {
  const calls: string[] = [];
  const close = jest.fn();
  const message = {
    success: jest.fn((content: string) => {
      calls.push(`message.success ${content}`);
      return Object.assign(close, { then: (ok: (value: boolean) => void) => ok(true) });
    }),
  };
  const dialog = { destroy: jest.fn(), update: jest.fn() };
  const modal = {
    confirm: jest.fn((config: { title: string }) => {
      calls.push(`modal.confirm ${config.title}`);
      return dialog;
    }),
  };
  const notification = {
    info: jest.fn((config: { title: string }) => calls.push(`notification.info ${config.title}`)),
  };
  return { api: { message, modal, notification } as unknown as AppApi, calls, close, dialog };
}

describe('the deferred App API', () => {
  it('asks for antd’s App at the first call and runs the calls made meanwhile in order', async () => {
    const requestLoad = jest.fn();
    const deferred = createDeferredAppApi(requestLoad);
    expect(requestLoad).not.toHaveBeenCalled();
    const shown = deferred.api.message.success('Saved');
    deferred.api.notification.info({ title: 'No fields' });
    const dialog = deferred.api.modal.confirm({ title: 'Delete?' });
    expect(requestLoad).toHaveBeenCalled();

    const real = fakeAppApi();
    deferred.attach(real.api);
    expect(real.calls).toEqual([
      'message.success Saved',
      'notification.info No fields',
      'modal.confirm Delete?',
    ]);
    // What the early calls returned reaches the real answers.
    expect(await shown).toBe(true);
    shown();
    dialog.update({ title: 'Really delete?' });
    dialog.destroy();
    await Promise.resolve();
    expect(real.close).toHaveBeenCalledTimes(1);
    expect(real.dialog.update).toHaveBeenCalledWith({ title: 'Really delete?' });
    expect(real.dialog.destroy).toHaveBeenCalledTimes(1);
  });

  it('hands later calls straight to antd’s App, with its answer', () => {
    const requestLoad = jest.fn();
    const deferred = createDeferredAppApi(requestLoad);
    const real = fakeAppApi();
    deferred.attach(real.api);
    expect(deferred.api.modal.confirm({ title: 'Go?' })).toBe(real.dialog);
    expect(real.calls).toEqual(['modal.confirm Go?']);
    expect(requestLoad).not.toHaveBeenCalled();
  });

  it('keeps the same objects and methods across the swap', () => {
    const deferred = createDeferredAppApi(() => undefined);
    const { modal, message } = deferred.api;
    const confirm = modal.confirm;
    deferred.attach(fakeAppApi().api);
    expect(deferred.api.modal).toBe(modal);
    expect(deferred.api.message).toBe(message);
    expect(deferred.api.modal.confirm).toBe(confirm);
  });
});
