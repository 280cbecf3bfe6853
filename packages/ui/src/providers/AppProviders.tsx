import type { ReactNode } from 'react';
import { Component, Suspense, lazy, useEffect, useInsertionEffect, useState } from 'react';
import { bindQueryClient, useAuthStore } from '@atelier/session';
import { ConfigProvider, theme, type GlobalToken } from 'antd';
// antd exports no App context, and the page's components read it through `App.useApp()`:
// providing it before antd's App has loaded needs the context module itself (shared like
// every `antd/es/` module, so it is the one App.useApp reads).
import AppContext from 'antd/es/app/context';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { atelierTheme } from './theme';
import { createQueryClient } from './query-client';
import { createDeferredAppApi } from './deferred-app-api';
import { FEEDBACK_CSS } from '../feedback/Loading';

const STYLE_ID = 'atelier-feedback-styles';

function installFeedbackStyles() {
  if (typeof document === 'undefined' || document.getElementById(STYLE_ID)) return;
  const style = document.createElement('style');
  style.id = STYLE_ID;
  style.textContent = FEEDBACK_CSS;
  document.head.append(style);
}

const AppBridge = lazy(() => import('./AppBridge'));

/** What shows a visitor is about to act: antd's App is fetched then, before the action's call. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'touchstart'] as const;
/** How long the fetch may wait for the browser to be idle after that press. */
const AFTER_INTENT_TIMEOUT_MS = 500;

/**
 * Runs `load` once the browser is idle after the visitor's first press of a pointer or key
 * (the press's own work, a quick view opening say, goes first); returns a cancel.
 */
function onFirstIntent(load: () => void): () => void {
  const options = { capture: true, once: true, passive: true } as const;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stopListening = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, run, options);
  };
  function run() {
    stopListening();
    if (typeof window.requestIdleCallback === 'function') {
      idle = window.requestIdleCallback(load, { timeout: AFTER_INTENT_TIMEOUT_MS });
    } else {
      timer = setTimeout(load, 0);
    }
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, run, options);
  return () => {
    stopListening();
    if (idle !== undefined) window.cancelIdleCallback(idle);
    clearTimeout(timer);
  };
}

/** A failed download of antd's App leaves the page as it is (its messages are not shown). */
class NothingOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * What antd's App element gave the page, kept now that App renders no element: its
 * `.ant-app` text style (the theme's colour, size, line height and font) and antd's link
 * reset for every link inside it (theme colours, no underline), at the same zero-class
 * specificity (`:where`), so the page's own link styles win as before.
 */
const appCss = (t: GlobalToken): string => {
  const inside = (selector: string) => `:where(.${APP_CLASS}) ${selector}`;
  return `.${APP_CLASS}{color:${t.colorText};font-size:${t.fontSize}px;line-height:${t.lineHeight};font-family:${t.fontFamily}}
${inside('a')}{color:${t.colorLink};text-decoration:${t.linkDecoration ?? 'none'};background-color:transparent;outline:none;cursor:pointer;transition:color ${t.motionDurationSlow}}
${inside('a:hover')}{color:${t.colorLinkHover}}
${inside('a:active')}{color:${t.colorLinkActive}}
${inside('a:active')},${inside('a:hover')}{text-decoration:${t.linkHoverDecoration ?? 'none'};outline:0}
${inside('a:focus')}{text-decoration:${t.linkFocusDecoration ?? 'none'};outline:0}
${inside('a:focus-visible')}{outline:${t.lineWidthFocus}px solid ${t.colorPrimaryBorder};outline-offset:1px;transition:outline-offset 0s,outline 0s}
${inside('a[disabled]')}{color:${t.colorTextDisabled};cursor:not-allowed}`;
};

const APP_CLASS = 'atelier-app';

function AppStyles() {
  const { token } = theme.useToken();
  return <style>{appCss(token)}</style>;
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * The providers of a page: one theme, antd's App API (`App.useApp()` gives messages and
 * modals) and one query cache. The shell renders it once; a remote's standalone host too.
 * antd's App itself (message, notification, Modal, Button: about 60 KB gzip that no first
 * page draws) loads when the browser is idle after the visitor's first pointer or key press,
 * or at the first call to its API, whichever comes first; until then `App.useApp()` gives a
 * stand-in that forwards to it (createDeferredAppApi). Its messages follow an action, so it
 * is there when they come.
 */
export function AppProviders({ children, queryClient }: AppProvidersProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    // Session actions outside React (sign-in, cart creation) reach the same cache.
    bindQueryClient(created);
    return created;
  });
  const [appWanted, setAppWanted] = useState(false);
  const [deferredApp] = useState(() => createDeferredAppApi(() => setAppWanted(true)));
  useEffect(() => (appWanted ? undefined : onFirstIntent(() => setAppWanted(true))), [appWanted]);
  useInsertionEffect(installFeedbackStyles, []);
  // What the server answered depends on who asked (favourites, staff fields): a new
  // identity starts from an empty cache, and the pages on screen load again.
  useEffect(
    () =>
      useAuthStore.subscribe((state, previous) => {
        if (state.user?.uuid !== previous.user?.uuid) void client.resetQueries();
      }),
    [client],
  );
  return (
    <ConfigProvider theme={atelierTheme}>
      <AppStyles />
      <AppContext.Provider value={deferredApp.api}>
        <div className={APP_CLASS}>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </div>
      </AppContext.Provider>
      {appWanted && (
        <NothingOnError>
          <Suspense fallback={null}>
            <AppBridge onReady={deferredApp.attach} />
          </Suspense>
        </NothingOnError>
      )}
    </ConfigProvider>
  );
}
