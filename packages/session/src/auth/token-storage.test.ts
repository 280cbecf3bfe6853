import { createTokenStorage, TOKEN_STORAGE_KEY } from './token-storage';

const pair = { access: 'access-1', refresh: 'refresh-1' };
const next = { access: 'access-2', refresh: 'refresh-2' };

beforeEach(() => window.localStorage.clear());

describe('token storage', () => {
  it('keeps the pair across a reload', () => {
    createTokenStorage(() => window.localStorage).write(pair);
    expect(createTokenStorage(() => window.localStorage).read()).toEqual(pair);
  });

  it("reads what another tab wrote or cleared since (one localStorage, two tabs' stores)", () => {
    const tab = createTokenStorage(() => window.localStorage);
    const other = createTokenStorage(() => window.localStorage);
    tab.write(pair);
    other.write(next);
    expect(tab.read()).toEqual(next);
    other.clear();
    expect(tab.read()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps a login stored as a bare pair before the store was persisted by zustand', () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, JSON.stringify(pair));
    expect(createTokenStorage(() => window.localStorage).read()).toEqual(pair);
  });

  it('reads nothing from a value that is not a pair', () => {
    window.localStorage.setItem(
      TOKEN_STORAGE_KEY,
      JSON.stringify({ state: { pair: { access: 1 } }, version: 1 }),
    );
    expect(createTokenStorage(() => window.localStorage).read()).toBeNull();
  });

  it('holds the login for the page when storage refuses writes or is missing', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    for (const storage of [refusing, undefined]) {
      const tokens = createTokenStorage(() => storage);
      tokens.write(pair);
      expect(tokens.read()).toEqual(pair);
      tokens.clear();
      expect(tokens.read()).toBeNull();
    }
  });
});
