import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { App } from 'antd';
import { CANCELLED, isCancelled, useConfirm } from './use-confirm';

// A shared 2-core machine: antd's modal renders slowly under load.
jest.setTimeout(120_000);

const wrapper = ({ children }: { children: ReactNode }) => <App>{children}</App>;

describe('confirm dialog (SPEC §4)', () => {
  it('resolves on OK', async () => {
    const { result } = renderHook(() => useConfirm(), { wrapper });
    let answer: Promise<true> | undefined;
    act(() => {
      answer = result.current({ title: 'Go on?', okText: 'Yes' });
    });
    fireEvent.click(await screen.findByText('Yes'));
    await expect(answer).resolves.toBe(true);
  });

  it("rejects as 'Cancelled' on Cancel", async () => {
    const { result } = renderHook(() => useConfirm(), { wrapper });
    let answer: Promise<true> | undefined;
    act(() => {
      answer = result.current({ title: 'Go on?', cancelText: 'No' });
    });
    fireEvent.click(await screen.findByText('No'));
    const error = await answer?.catch((reason: unknown) => reason);
    expect(isCancelled(error)).toBe(true);
    expect((error as Error).message).toBe(CANCELLED);
  });
});
