import { renderHook, waitFor } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

describe('useAfterPaint', () => {
  it('holds false until a frame after ready, then stays true', async () => {
    const { result, rerender } = renderHook(({ ready }) => useAfterPaint(ready), {
      initialProps: { ready: false },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
    rerender({ ready: true });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ ready: false });
    expect(result.current).toBe(true);
  });
});
