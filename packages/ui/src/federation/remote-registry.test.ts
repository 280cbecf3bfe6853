import { createRemoteRegistry, loadRemoteModule } from './remote-registry';
import { isRemoteLoadError } from './remote-load-error';

const loadRemote = jest.fn();
const registerRemotes = jest.fn();
jest.mock('@module-federation/runtime', () => ({
  loadRemote: (id: string) => loadRemote(id),
  registerRemotes: (...args: unknown[]) => registerRemotes(...args),
}));

const manifest = {
  storefront: 'http://cdn.test/storefront/mf-manifest.json',
  cart: 'http://cdn.test/cart/mf-manifest.json',
  artist: 'http://cdn.test/artist/mf-manifest.json',
  manage: 'http://cdn.test/manage/mf-manifest.json',
};

beforeEach(() => {
  loadRemote.mockReset();
  registerRemotes.mockReset();
});

describe('the remote registry', () => {
  it('reads remotes.json once and registers a remote once for routes and fragments alike', async () => {
    const readManifest = jest.fn(async () => manifest);
    const registry = createRemoteRegistry(readManifest);
    loadRemote.mockImplementation(async (id: string) => ({ default: id }));
    await expect(registry.load('cart', './routes')).resolves.toEqual({ default: 'mf_cart/routes' });
    await expect(registry.load('cart', './quick-add')).resolves.toEqual({
      default: 'mf_cart/quick-add',
    });
    expect(readManifest).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mf_cart', entry: manifest.cart }], {
      force: false,
    });
    expect(loadRemote.mock.calls.map(([id]) => id)).toEqual([
      'mf_cart/routes',
      'mf_cart/quick-add',
    ]);
  });

  it('registers concurrent first loads once', async () => {
    const registry = createRemoteRegistry(async () => manifest);
    loadRemote.mockResolvedValue({ default: 1 });
    await Promise.all([registry.load('cart', './routes'), registry.load('cart', './quick-add')]);
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('does not cache failures: a remote that never loaded is registered afresh', async () => {
    const registry = createRemoteRegistry(async () => manifest);
    loadRemote.mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js'));
    const failure = await registry.load('cart', './quick-add').catch((error: unknown) => error);
    expect(isRemoteLoadError(failure)).toBe(true);
    expect((failure as Error).message).toBe(
      'The cart ./quick-add could not be loaded: Failed to fetch remoteEntry.js',
    );
    loadRemote.mockResolvedValueOnce({ default: 'ok' });
    await expect(registry.load('cart', './quick-add')).resolves.toEqual({ default: 'ok' });
    expect(registerRemotes.mock.calls.map(([, options]) => options)).toEqual([
      { force: false },
      { force: true },
    ]);
  });

  it('never re-registers a remote already working on the page', async () => {
    const registry = createRemoteRegistry(async () => manifest);
    loadRemote.mockResolvedValueOnce({ default: [] });
    await registry.load('cart', './routes');
    loadRemote.mockRejectedValueOnce(new Error('chunk failed'));
    await expect(registry.load('cart', './quick-add')).rejects.toThrow('chunk failed');
    loadRemote.mockResolvedValueOnce({ default: 'ok' });
    await registry.load('cart', './quick-add');
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('reads remotes.json again after a failed read', async () => {
    const readManifest = jest
      .fn()
      .mockRejectedValueOnce(new Error('/remotes.json answered 503'))
      .mockResolvedValue(manifest);
    const registry = createRemoteRegistry(readManifest);
    loadRemote.mockResolvedValue({ default: 'ok' });
    await expect(registry.load('artist', './routes')).rejects.toThrow(
      'The artist area could not be loaded: /remotes.json answered 503',
    );
    await expect(registry.load('artist', './routes')).resolves.toEqual({ default: 'ok' });
    expect(registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('loadRemoteModule uses the page registry, located through /remotes.json', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ ...manifest, cart: '/remotes/cart/mf-manifest.json' }));
    loadRemote.mockResolvedValue({ default: 'quick add' });
    await expect(loadRemoteModule('cart', './quick-add')).resolves.toEqual({
      default: 'quick add',
    });
    expect(fetchSpy).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(registerRemotes).toHaveBeenCalledWith(
      [{ name: 'mf_cart', entry: 'http://localhost/remotes/cart/mf-manifest.json' }],
      { force: false },
    );
    expect(loadRemote).toHaveBeenCalledWith('mf_cart/quick-add');
    fetchSpy.mockRestore();
  });
});
