import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { NavigationProgress, NAVIGATION_PROGRESS_LABEL } from './NavigationProgress';

/** A promise the test settles by hand: a route's data or code that is still on its way. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

function renderRouter(
  loadPage: () => Promise<void>,
  loadData: () => Promise<void> = async () => {},
) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavigationProgress />
            <Link to="/next">Next</Link>
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <h1>Start</h1> },
          {
            path: 'next',
            // Code and data of the next page, as a remote's lazy route or a loader would wait.
            lazy: async () => {
              await loadPage();
              return { element: <h1>Next page</h1> };
            },
          },
          // A page whose code is here but whose data is not yet.
          { path: 'data', loader: () => loadData().then(() => null), element: <h1>Data page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bar = () => screen.queryByRole('progressbar', { name: NAVIGATION_PROGRESS_LABEL });

/** Lets pending promise callbacks (the router's) run, with timers still held. */
const flush = () => act(async () => {});

beforeEach(() => {
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('navigation progress bar', () => {
  it('never shows for a navigation that finishes within 100 ms', async () => {
    const page = deferred();
    renderRouter(() => page.promise);
    await act(async () => screen.getByRole('link', { name: 'Next' }).click());
    await act(async () => jest.advanceTimersByTime(90));
    expect(bar()).not.toBeInTheDocument();
    page.resolve();
    await flush();
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    // The delay that was running when the page arrived does not bring the bar up later.
    await act(async () => jest.advanceTimersByTime(500));
    expect(bar()).not.toBeInTheDocument();
  });

  it('shows once a navigation has taken 100 ms, and goes away when the page arrives', async () => {
    const page = deferred();
    renderRouter(() => page.promise);
    await act(async () => screen.getByRole('link', { name: 'Next' }).click());
    await act(async () => jest.advanceTimersByTime(99));
    expect(bar()).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(1));
    // Indeterminate: no value is claimed for a download of unknown length.
    expect(bar()).toBeInTheDocument();
    expect(bar()).not.toHaveAttribute('aria-valuenow');
    expect(screen.getByRole('heading', { name: 'Start' })).toBeInTheDocument();

    page.resolve();
    await flush();
    expect(screen.getByRole('heading', { name: 'Next page' })).toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
  });

  it('waits the full 100 ms again for the next slow navigation, a loader this time', async () => {
    const page = deferred();
    const data = deferred();
    const router = renderRouter(
      () => page.promise,
      () => data.promise,
    );
    await act(async () => screen.getByRole('link', { name: 'Next' }).click());
    await act(async () => jest.advanceTimersByTime(150));
    expect(bar()).toBeInTheDocument();
    page.resolve();
    await flush();
    expect(bar()).not.toBeInTheDocument();

    // Back home (already loaded: instant), then a slow loader.
    await act(async () => router.navigate('/'));
    expect(bar()).not.toBeInTheDocument();
    await act(async () => void router.navigate('/data'));
    await act(async () => jest.advanceTimersByTime(60));
    expect(bar()).not.toBeInTheDocument();
    await act(async () => jest.advanceTimersByTime(40));
    expect(bar()).toBeInTheDocument();
    data.resolve();
    await flush();
    expect(screen.getByRole('heading', { name: 'Data page' })).toBeInTheDocument();
    expect(bar()).not.toBeInTheDocument();
  });
});
