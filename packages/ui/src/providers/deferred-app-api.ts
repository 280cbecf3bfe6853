import type { App } from 'antd';

/** What `App.useApp()` gives: message, notification and modal, bound to the page's theme. */
export type AppApi = ReturnType<typeof App.useApp>;
type Kind = keyof AppApi;

/** The methods of each part of antd's App API (antd 6: `MessageInstance`, `HookAPI` …). */
const METHODS = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
} as const satisfies Record<Kind, readonly string[]>;

type AnyFunction = (...args: unknown[]) => unknown;
interface Closable {
  destroy?: () => void;
  update?: (config: unknown) => void;
}

/**
 * What a call made before antd's App arrived returns: the same shape as antd's answer (a
 * message's close function and promise, a modal's `destroy`, `update` and promise), each
 * forwarded to the real one once the call has been made.
 */
function lateHandle() {
  let real: unknown;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const whenReady = (use: (value: unknown) => void) => void ready.then(() => use(real));
  const handle = Object.assign(
    () => whenReady((value) => typeof value === 'function' && (value as AnyFunction)()),
    {
      then: <A, B>(
        onFulfilled?: (value: unknown) => A | PromiseLike<A>,
        onRejected?: (reason: unknown) => B | PromiseLike<B>,
      ) => ready.then(() => real).then(onFulfilled, onRejected),
      destroy: () => whenReady((value) => (value as Closable | undefined)?.destroy?.()),
      update: (config: unknown) =>
        whenReady((value) => (value as Closable | undefined)?.update?.(config)),
    },
  );
  const settle = (value: unknown) => {
    real = value;
    markReady();
  };
  return { handle, settle };
}

/**
 * The App API the page's components get before antd's App (message, notification and
 * Modal, ~50 KB gzip) has loaded: the first page draws none of them, so App loads after the
 * page has painted. A call made earlier asks for it at once and runs as soon as it is there;
 * later calls go straight to antd's. The object and its methods never change identity, so a
 * `useCallback` on `modal` stays valid across the swap.
 */
export function createDeferredAppApi(requestLoad: () => void) {
  let real: AppApi | null = null;
  const waiting: Array<(api: AppApi) => void> = [];
  const forward = (kind: Kind, method: string, args: unknown[]): unknown => {
    const part = (api: AppApi) => api[kind] as unknown as Record<string, AnyFunction>;
    if (real) return part(real)[method]?.(...args);
    const { handle, settle } = lateHandle();
    waiting.push((api) => settle(part(api)[method]?.(...args)));
    requestLoad();
    return handle;
  };
  const facade = (kind: Kind) =>
    Object.fromEntries(
      METHODS[kind].map((method) => [method, (...args: unknown[]) => forward(kind, method, args)]),
    );
  const api = {
    message: facade('message'),
    notification: facade('notification'),
    modal: facade('modal'),
  } as unknown as AppApi;
  return {
    api,
    /** antd's App API, once its App has mounted: the calls made meanwhile run now, in order. */
    attach(loaded: AppApi) {
      real = loaded;
      for (const run of waiting.splice(0)) run(loaded);
    },
  };
}
