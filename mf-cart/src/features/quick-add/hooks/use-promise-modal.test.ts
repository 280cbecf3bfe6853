import { act, renderHook } from '@testing-library/react';
import { CANCELLED } from '../constants';
import { CancelledError, usePromiseModal } from './use-promise-modal';

describe('usePromiseModal (SPEC §4 modal dialogs)', () => {
  it('resolves with the value on OK', async () => {
    const { result } = renderHook(() => usePromiseModal<string>());
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.ask();
    });
    expect(result.current.open).toBe(true);
    act(() => result.current.ok('guest@example.com'));
    await expect(answer).resolves.toBe('guest@example.com');
    expect(result.current.open).toBe(false);
  });

  it("rejects as 'Cancelled' otherwise, and when its owner goes away", async () => {
    const { result, unmount } = renderHook(() => usePromiseModal<string>());
    let answer: Promise<string> = Promise.resolve('');
    act(() => {
      answer = result.current.ask();
    });
    act(() => result.current.cancel());
    await expect(answer).rejects.toThrow(CANCELLED);
    expect(CANCELLED).toBe('Cancelled');

    act(() => {
      answer = result.current.ask();
    });
    unmount();
    await expect(answer).rejects.toBeInstanceOf(CancelledError);
  });
});
