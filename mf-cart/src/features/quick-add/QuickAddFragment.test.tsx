import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COMMERCE_MESSAGES,
  CUSTOM_SIZE_FORMAT_ERROR,
  type Image,
  type SubstrateSize,
} from '@atelier/contracts';
import {
  useAuthStore,
  useCartStore,
  usePreferencesStore,
  type AnalyticsEvent,
} from '@atelier/session';
import {
  ADD_TO_CART,
  ADDED_TO_CART,
  CART_REFRESH_MS,
  CUSTOM_SIZE_LABEL,
  CUSTOMIZE,
  EMAIL_MODAL_TITLE,
  PROJECT_ORDERED,
  SIGN_IN_INSTEAD,
  UNPUBLISHED_MESSAGE,
  USE_CUSTOM_SIZE,
  VIEW_PROJECT,
  WORKSPACES_ERROR,
} from './constants';
import {
  cart,
  image,
  NEW_TOKEN,
  OTHER_TOKEN,
  profile,
  TOKEN,
  user,
  workspace,
} from './test/fixtures';
import { CUSTOMIZE_HEADING, renderQuickAdd } from './test/render';
import { server, serveQuickAdd } from './test/server';

// antd adds many style sheets and jsdom's getComputedStyle reads them all for every
// accessibility check: skip that check (nothing here is hidden by CSS alone).
configure({ defaultHidden: true });
jest.setTimeout(60_000);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

beforeEach(() => {
  localStorage.clear();
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  useCartStore.getState().clear();
  usePreferencesStore.getState().reset();
  window.dataLayer = [];
});

const signIn = (overrides: { is_staff?: boolean; current_workspace?: string } = {}) =>
  useAuthStore.setState({
    user: user({ is_staff: overrides.is_staff ?? false }),
    profile: profile({
      current_workspace: overrides.current_workspace ? { name: overrides.current_workspace } : null,
    }),
  });

const addButton = () => screen.getByRole('button', { name: ADD_TO_CART });
/** The text an antd select shows for its value. */
const shown = (label: string) => screen.getByLabelText(label).closest('.ant-select') as HTMLElement;
const price = () => screen.getByRole('status', { name: 'Price' });

async function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByLabelText(label));
  const item = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(
      `.ant-select-item-option[title="${CSS.escape(option)}"]`,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  fireEvent.click(item);
}

const events = (name: string): AnalyticsEvent[] =>
  (window.dataLayer ?? []).filter((event) => event.event === name);

describe('Quick Add: sizes and substrates (SPEC §5 default choices)', () => {
  it('chooses the third size and print, with the price of each size on that substrate', async () => {
    serveQuickAdd();
    renderQuickAdd(image());
    await waitFor(() => expect(shown('Size')).toHaveTextContent('12" x 9" · $25.99'));
    expect(screen.getByRole('radio', { name: 'Print' })).toBeChecked();
    expect(price()).toHaveTextContent('Price: $25.99');
    expect(addButton()).toBeEnabled();

    // Canvas is made in 12" x 9" too: the size stays, priced on canvas.
    fireEvent.click(screen.getByRole('radio', { name: 'Canvas' }));
    await waitFor(() => expect(shown('Size')).toHaveTextContent('12" x 9" · $59.99'));
    // Mural starts at a 72" long side: its third size, 120" x 90".
    fireEvent.click(screen.getByRole('radio', { name: 'Mural' }));
    await waitFor(() => expect(shown('Size')).toHaveTextContent('120" x 90"'));
  });

  it('offers only the substrates the image takes', async () => {
    serveQuickAdd();
    renderQuickAdd(image({ substrates: ['print', 'canvas'] }));
    expect(await screen.findByRole('radio', { name: 'Canvas' })).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(2);
  });

  it('shows no form for an unpublished image', () => {
    renderQuickAdd(image({ published: false }));
    expect(screen.getByText(UNPUBLISHED_MESSAGE)).toBeInTheDocument();
    expect(UNPUBLISHED_MESSAGE).toBe('This image is unpublished and cannot be purchased.');
    expect(screen.queryByRole('button', { name: ADD_TO_CART })).not.toBeInTheDocument();
  });
});

describe('Quick Add: custom sizes (SPEC §5)', () => {
  it('parses a single number with the other side from the ratio, labelled Auto, and keeps it', async () => {
    signIn();
    serveQuickAdd({ carts: [cart({ owner: 'u-1', guest_email: null })] });
    useCartStore.getState().setCart({ token: TOKEN, guest: false });
    renderQuickAdd(image());
    const input = await screen.findByRole('textbox', { name: CUSTOM_SIZE_LABEL });
    fireEvent.change(input, { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: USE_CUSTOM_SIZE }));
    // 20 × 15 in print at tier 2: (1500 + 5 × 300) × 1.25 = 3750 → $37.99.
    await waitFor(() => expect(shown('Size')).toHaveTextContent('20" x 15" (Auto) · $37.99'));
    expect(price()).toHaveTextContent('$37.99');
    expect(usePreferencesStore.getState().customSizes).toEqual([
      { label: '20" x 15" (Auto)', value: { w: 20, h: 15 }, userInput: { w: 20, h: 15 } },
    ]);

    fireEvent.change(input, { target: { value: '20 by 30' } });
    fireEvent.click(screen.getByRole('button', { name: USE_CUSTOM_SIZE }));
    await waitFor(() => expect(shown('Size')).toHaveTextContent('20" x 30" (Custom)'));
    // Only the most recent custom size is kept.
    expect(usePreferencesStore.getState().customSizes.map((s) => s.label)).toEqual([
      '20" x 30" (Custom)',
    ]);
  });

  it('shows a parse error inline', async () => {
    signIn();
    serveQuickAdd();
    renderQuickAdd(image());
    const input = await screen.findByRole('textbox', { name: CUSTOM_SIZE_LABEL });
    fireEvent.change(input, { target: { value: 'big' } });
    fireEvent.click(screen.getByRole('button', { name: USE_CUSTOM_SIZE }));
    expect(await screen.findByText(CUSTOM_SIZE_FORMAT_ERROR)).toBeInTheDocument();
    expect(usePreferencesStore.getState().customSizes).toEqual([]);
  });

  it('offers the kept custom size again, and refuses custom sizes to guests', async () => {
    usePreferencesStore.getState().saveCustomSize({
      label: '20" x 30" (Custom)',
      value: { w: 20, h: 30 },
    });
    serveQuickAdd();
    const { unmount } = renderQuickAdd(image());
    await waitFor(() => expect(shown('Size')).toHaveTextContent('12" x 9"'));
    expect(screen.queryByRole('textbox', { name: CUSTOM_SIZE_LABEL })).not.toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Size'));
    await screen.findByTitle('8" x 6" · $21.99');
    expect(screen.queryByTitle(/\(Custom\)/)).not.toBeInTheDocument();
    unmount();

    signIn();
    renderQuickAdd(image());
    await screen.findByRole('textbox', { name: CUSTOM_SIZE_LABEL });
    // 20 × 30 in print at tier 2: (1500 + 5 × 600) × 1.25 = 5625 → $56.99.
    await choose('Size', '20" x 30" (Custom) · $56.99');
    await waitFor(() => expect(price()).toHaveTextContent('$56.99'));
  });

  it('is not offered for external stock images with preset sizes, nor on mural', async () => {
    signIn();
    serveQuickAdd();
    const preset: SubstrateSize = {
      label: '12" x 9"',
      value: { w: 12, h: 9 },
      prices: { print: 2599 },
    };
    const { unmount } = renderQuickAdd(image({ source: 'GET', substrate_sizes: [preset] }));
    await waitFor(() => expect(shown('Size')).toHaveTextContent('12" x 9"'));
    expect(screen.queryByRole('textbox', { name: CUSTOM_SIZE_LABEL })).not.toBeInTheDocument();
    unmount();

    renderQuickAdd(image());
    await screen.findByRole('textbox', { name: CUSTOM_SIZE_LABEL });
    fireEvent.click(screen.getByRole('radio', { name: 'Mural' }));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: CUSTOM_SIZE_LABEL })).not.toBeInTheDocument(),
    );
  });
});

describe('Quick Add: anonymous add (SPEC §4 cart creation, §5)', () => {
  it('asks for an email; Cancel adds nothing, OK creates the cart with it and adds', async () => {
    const calls = serveQuickAdd();
    renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());

    fireEvent.click(addButton());
    const dialog = await screen.findByRole('dialog', { name: EMAIL_MODAL_TITLE });
    expect(within(dialog).getByRole('link', { name: SIGN_IN_INSTEAD })).toHaveAttribute(
      'href',
      '/accounts/login?redirect=%2Fimages%2F42',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.createProject).toEqual([]);
    expect(calls.addItem).toEqual([]);

    fireEvent.click(addButton());
    const again = await screen.findByRole('dialog', { name: EMAIL_MODAL_TITLE });
    fireEvent.click(within(again).getByRole('button', { name: 'Continue' }));
    expect(await within(again).findByText('Email is required.')).toBeInTheDocument();
    fireEvent.change(within(again).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'guest@example.com' },
    });
    fireEvent.click(within(again).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText(ADDED_TO_CART)).toBeInTheDocument();
    expect(calls.createProject).toEqual([{ cart_email: 'guest@example.com' }]);
    expect(calls.addItem).toEqual([
      {
        token: NEW_TOKEN,
        body: {
          imagedata: 42,
          size: { w: 12, h: 9 },
          substrate: 'print',
          action: 'add',
          workspace_id: null,
        },
      },
    ]);
    expect(useCartStore.getState()).toMatchObject({ token: NEW_TOKEN, guest: true });
    await waitFor(() => expect(calls.popular).toEqual([42]));
    expect(events('cart_created')).toHaveLength(1);
    expect(events('add_to_cart')).toEqual([
      expect.objectContaining({
        action: 'add',
        image_id: 42,
        item_id: 501,
        project_token: NEW_TOKEN,
      }),
    ]);
  });

  it('adds to a held guest cart without asking again', async () => {
    const calls = serveQuickAdd({ carts: [cart()] });
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    expect(await screen.findByText(ADDED_TO_CART)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.createProject).toEqual([]);
    expect(calls.addItem.map((call) => call.token)).toEqual([TOKEN]);
  });
});

describe('Quick Add: workspaces (signed-in profiles)', () => {
  const lobby = workspace(11, 'Main');
  const hallway = workspace(12, 'Hallway');
  const office = workspace(21, 'Main', { id: 9, name: 'Office', token: OTHER_TOKEN });

  it("defaults to the cart's workspace the profile names", async () => {
    signIn({ current_workspace: 'Hallway' });
    serveQuickAdd({
      carts: [cart({ owner: 'u-1', workspaces: [lobby, hallway] })],
      workspaces: { results: [lobby, hallway, office], count: 3 },
    });
    useCartStore.getState().setCart({ token: TOKEN, guest: false });
    renderQuickAdd(image());
    await waitFor(() => expect(shown('Workspace')).toHaveTextContent('Lobby / Hallway'));
    await waitFor(() => expect(addButton()).toBeEnabled());
  });

  it('keeps the add disabled until a workspace is chosen; another project gets its own token', async () => {
    signIn();
    const calls = serveQuickAdd({
      carts: [cart({ owner: 'u-1', workspaces: [] })],
      workspaces: { results: [office], count: 1 },
    });
    useCartStore.getState().setCart({ token: TOKEN, guest: false });
    const { queryClient } = renderQuickAdd(image());
    await waitFor(() => expect(shown('Size')).toHaveTextContent('12" x 9"'));
    await waitFor(() => expect(calls.workspaceSearches).toHaveLength(1));
    expect(addButton()).toBeDisabled();
    expect(screen.getByRole('button', { name: CUSTOMIZE })).toBeDisabled();

    await choose('Workspace', 'Office / Main');
    await waitFor(() => expect(addButton()).toBeEnabled());
    const invalidate = jest.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(addButton());
    const link = await screen.findByRole('link', { name: VIEW_PROJECT });
    expect(link).toHaveAttribute('href', '/projects/9');
    expect(calls.addItem).toEqual([
      expect.objectContaining({
        token: OTHER_TOKEN,
        body: expect.objectContaining({ workspace_id: 21 }),
      }),
    ]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cart', OTHER_TOKEN] });
  });

  it("shows 'Error loading workspaces' with the error", async () => {
    signIn();
    serveQuickAdd({
      carts: [cart({ owner: 'u-1', workspaces: [lobby] })],
      workspaces: { status: 500, body: { detail: 'Database unavailable' } },
    });
    useCartStore.getState().setCart({ token: TOKEN, guest: false });
    renderQuickAdd(image());
    expect(await screen.findByText(WORKSPACES_ERROR)).toBeInTheDocument();
    // The cart still names its workspace, so the add can go ahead.
    await waitFor(() => expect(addButton()).toBeEnabled());
  });
});

describe('Quick Add: staff fields', () => {
  it('shows quantity and location to staff only, and sends them', async () => {
    serveQuickAdd({ carts: [cart()] });
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    const { unmount } = renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());
    expect(screen.queryByRole('spinbutton', { name: 'Quantity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Location' })).not.toBeInTheDocument();
    unmount();

    signIn({ is_staff: true });
    const calls = serveQuickAdd({
      carts: [cart({ owner: 'u-1', workspaces: [workspace(11, 'Main')] })],
    });
    renderQuickAdd(image());
    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    expect(quantity).toHaveAttribute('aria-valuemax', '999');
    fireEvent.change(quantity, { target: { value: '12' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Location' }), {
      target: { value: 'Lobby, 2nd floor' },
    });
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    await screen.findByText(ADDED_TO_CART);
    expect(calls.addItem[0]?.body).toMatchObject({
      quantity: 12,
      location: 'Lobby, 2nd floor',
      workspace_id: 11,
    });
  });
});

describe('Quick Add: after the add (SPEC §4, §8, §9)', () => {
  it('shows the server detail when the add fails, and says when the project was ordered', async () => {
    serveQuickAdd({
      carts: [cart()],
      addItem: { status: 400, body: { detail: COMMERCE_MESSAGES.sizeNotOffered } },
    });
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(addButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMERCE_MESSAGES.sizeNotOffered);

    server.resetHandlers();
    serveQuickAdd({
      carts: [cart()],
      addItem: { status: 409, body: { detail: COMMERCE_MESSAGES.ordered } },
    });
    fireEvent.click(addButton());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(PROJECT_ORDERED));
    expect(screen.getByRole('alert')).toHaveTextContent(COMMERCE_MESSAGES.ordered);

    server.resetHandlers();
    serveQuickAdd({ carts: [cart()], addItem: { status: 400, body: { size: ['Too big.'] } } });
    fireEvent.click(addButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('{"size":["Too big."]}'),
    );
  });

  it(`refreshes the current cart ${CART_REFRESH_MS} ms after an add`, async () => {
    const calls = serveQuickAdd({ carts: [cart()] });
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());
    await waitFor(() => expect(calls.cartGets).toHaveLength(1));

    jest.useFakeTimers();
    fireEvent.click(addButton());
    await screen.findByText(ADDED_TO_CART);
    const before = calls.cartGets.length;
    act(() => jest.advanceTimersByTime(CART_REFRESH_MS - 500));
    expect(calls.cartGets).toHaveLength(before);
    act(() => jest.advanceTimersByTime(500));
    await waitFor(() => expect(calls.cartGets).toHaveLength(before + 1));
  });

  it("'Customize' adds with action open and goes to the customize page", async () => {
    const calls = serveQuickAdd({ carts: [cart()] });
    useCartStore.getState().setCart({ token: TOKEN, guest: true });
    renderQuickAdd(image());
    await waitFor(() => expect(addButton()).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: CUSTOMIZE }));
    expect(await screen.findByRole('heading', { name: CUSTOMIZE_HEADING })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Location' })).toHaveTextContent(
      `/art/design/501?project=${TOKEN}`,
    );
    expect(calls.addItem[0]?.body.action).toBe('open');
    expect(screen.queryByText(ADDED_TO_CART)).not.toBeInTheDocument();
  });
});

export type { Image };
