import {
  Component,
  startTransition,
  useEffect,
  useId,
  useState,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { RemoteName } from '@atelier/contracts';
import { loadRemoteModule } from './remote-registry';

/** The inline message of a fragment that could not be loaded (its `label` names it). */
export const fragmentUnavailable = (label: string) => `${label} is unavailable right now.`;
export const FRAGMENT_RETRY = 'Retry';

export interface RemoteFragmentProps<P extends object> {
  /** The remote that owns the fragment, as named in /remotes.json. */
  remote: RemoteName;
  /** The exposed module, e.g. './quick-add'; its default export is a React component. */
  module: string;
  /** Props for the fragment's component. */
  props?: P;
  /** What the fragment is, for people: 'Quick Add' → 'Quick Add is unavailable right now.' */
  label: string;
  /** Shown while the fragment's code loads; a small busy indicator by default. */
  fallback?: ReactNode;
}

type Loaded = ComponentType<object>;
type State =
  | { status: 'loading' }
  | { status: 'ready'; component: Loaded }
  | { status: 'failed'; error: unknown };

/** Components that loaded, so a fragment shown again renders at once. Failures are not kept. */
const loadedComponents = new Map<string, Loaded>();

const isComponent = (value: unknown): value is Loaded =>
  typeof value === 'function' ||
  (typeof value === 'object' && value !== null && '$$typeof' in value);

async function loadFragment(remote: RemoteName, module: string): Promise<Loaded> {
  const exports = await loadRemoteModule<{ default?: unknown }>(remote, module);
  if (!isComponent(exports.default)) {
    throw new Error(`${remote} ${module} has no component as its default export`);
  }
  return exports.default;
}

/**
 * A piece of another front end's UI, loaded at run time from the remote that owns it (never
 * a build-time import: the owner's redeploy changes it everywhere). While it loads it shows a
 * small busy state; if it cannot be loaded, or throws while rendering, it shows an inline
 * error with a Retry button in its own spot, and the rest of the page keeps working.
 */
export function RemoteFragment<P extends object>({
  remote,
  module,
  props,
  label,
  fallback,
}: RemoteFragmentProps<P>) {
  const key = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(() => {
    const component = loadedComponents.get(key);
    return component ? { status: 'ready', component } : { status: 'loading' };
  });
  // Another fragment (or a retry) starts from what is already known of it.
  const [shownKey, setShownKey] = useState(key);
  if (shownKey !== key) {
    setShownKey(key);
    const component = loadedComponents.get(key);
    setState(component ? { status: 'ready', component } : { status: 'loading' });
  }

  const needsLoad = state.status === 'loading';
  useEffect(() => {
    if (!needsLoad) return;
    let current = true;
    loadFragment(remote, module).then(
      (component) => {
        loadedComponents.set(key, component);
        // A transition: React draws the fragment (a form, say) in slices between which the
        // page answers input, where an update from a promise is drawn in one task (the
        // image page's Quick Add was ~90 ms of it).
        if (current) startTransition(() => setState({ status: 'ready', component }));
      },
      (error: unknown) => {
        if (current) setState({ status: 'failed', error });
      },
    );
    return () => {
      current = false;
    };
  }, [needsLoad, key, remote, module, attempt]);

  const retry = () => {
    loadedComponents.delete(key);
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  };

  if (state.status === 'failed') return <FragmentError label={label} onRetry={retry} />;
  if (state.status === 'loading') {
    return <>{fallback ?? <FragmentLoading label={label} />}</>;
  }
  const Fragment = state.component;
  return (
    <FragmentBoundary key={attempt} label={label} onRetry={retry}>
      <Fragment {...props} />
    </FragmentBoundary>
  );
}

function FragmentLoading({ label }: { label: string }) {
  return (
    <span role="status" aria-label={`Loading ${label}`} className="atelier-fragment-loading">
      <span className="atelier-loading-dot" aria-hidden />
    </span>
  );
}

function FragmentError({ label, onRetry }: { label: string; onRetry: () => void }) {
  const messageId = useId();
  return (
    <div role="alert" className="atelier-fragment-error">
      <span id={messageId}>{fragmentUnavailable(label)}</span>{' '}
      <button type="button" onClick={onRetry} aria-describedby={messageId}>
        {FRAGMENT_RETRY}
      </button>
    </div>
  );
}

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
}

/** A fragment that throws while rendering fails in its own spot too. */
class FragmentBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.label} failed while rendering`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return <FragmentError label={this.props.label} onRetry={this.props.onRetry} />;
    }
    return this.props.children;
  }
}
