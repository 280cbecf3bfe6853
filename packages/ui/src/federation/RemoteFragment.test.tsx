import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RemoteFragment, fragmentUnavailable } from './RemoteFragment';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

function QuickAdd({ imageId }: { imageId: number }) {
  return <button type="button">Add image {imageId}</button>;
}

let fetchSpy: jest.SpyInstance;
beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
  fetchSpy = jest.spyOn(globalThis, 'fetch').mockImplementation(async () =>
    Response.json({
      storefront: '/remotes/storefront/mf-manifest.json',
      cart: '/remotes/cart/mf-manifest.json',
      artist: '/remotes/artist/mf-manifest.json',
      manage: '/remotes/manage/mf-manifest.json',
    }),
  );
});
afterEach(() => fetchSpy.mockRestore());

function renderPage(module: string) {
  return render(
    <main>
      <h1>Sea at dawn</h1>
      <RemoteFragment remote="cart" module={module} props={{ imageId: 7 }} label="Quick Add" />
    </main>,
  );
}

describe('RemoteFragment', () => {
  it("loads the remote's module at run time and renders its component with the props", async () => {
    loadRemote.mockResolvedValue({ default: QuickAdd });
    renderPage('./quick-add');
    expect(screen.getByRole('status', { name: 'Loading Quick Add' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add image 7' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('mf_cart/quick-add');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows an inline error with Retry in its own spot when loading fails, and Retry loads it', async () => {
    loadRemote.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    renderPage('./quick-add-a');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(fragmentUnavailable('Quick Add'));
    expect(fragmentUnavailable('Quick Add')).toBe('Quick Add is unavailable right now.');
    // The rest of the page is still there.
    expect(screen.getByRole('heading', { name: 'Sea at dawn' })).toBeInTheDocument();

    loadRemote.mockResolvedValueOnce({ default: QuickAdd });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Add image 7' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('keeps failing in place while Retry fails (failures are not cached)', async () => {
    loadRemote.mockRejectedValue(new Error('offline'));
    renderPage('./quick-add-b');
    await screen.findByRole('alert');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Quick Add is unavailable');
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });

  it('treats a module without a component as a failure', async () => {
    loadRemote.mockResolvedValue({ default: undefined });
    renderPage('./quick-add-c');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Quick Add is unavailable right now.',
    );
  });

  it('contains a fragment that throws while rendering', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    function Broken(): never {
      throw new Error('boom');
    }
    loadRemote.mockResolvedValueOnce({ default: Broken });
    renderPage('./quick-add-d');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Quick Add is unavailable right now.',
    );
    expect(screen.getByRole('heading', { name: 'Sea at dawn' })).toBeInTheDocument();
    loadRemote.mockResolvedValueOnce({ default: QuickAdd });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Add image 7' })).toBeInTheDocument();
    error.mockRestore();
  });

  it('renders a fragment shown again at once, without a loading state', async () => {
    loadRemote.mockResolvedValue({ default: QuickAdd });
    const first = renderPage('./quick-add-e');
    await screen.findByRole('button', { name: 'Add image 7' });
    first.unmount();
    renderPage('./quick-add-e');
    expect(screen.getByRole('button', { name: 'Add image 7' })).toBeInTheDocument();
  });
});
