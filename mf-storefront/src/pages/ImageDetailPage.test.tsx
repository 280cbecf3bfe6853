import type React from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type {
  ContentEditRequest,
  ContentEditResponse,
  Image,
  DetailError,
} from '@atelier/contracts';
import { useAuthStore, type SessionUser } from '@atelier/session';
import { imageCard, renderPage } from '../test/render';
import {
  HIDDEN_IMAGE_MESSAGE,
  ImageDetailPage,
  NOT_FOUND_TITLE,
  QUICK_ADD_LABEL,
  UNPUBLISHED_MESSAGE,
} from './ImageDetailPage';
import { FAVORITE_FAILURE_ADVICE } from '../shared/catalogue/components/image-messages';

// The loader itself is tested in packages/ui; here, which fragment the page asks for.
jest.mock('@atelier/ui', () => {
  const actual: object = jest.requireActual('@atelier/ui');
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    RemoteFragment: ({
      remote,
      module,
      props,
      label,
    }: {
      remote: string;
      module: string;
      props?: { image?: Image };
      label: string;
    }) =>
      createElement('section', { 'aria-label': label }, `${remote} ${module} ${props?.image?.id}`),
  };
});

const ORIGIN = 'http://localhost';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  useAuthStore.setState({ user: null, profile: null, status: 'ready' });
  document.title = '';
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const buyer: SessionUser = { uuid: 'u1', name: 'Ana', email: 'ana@x.io', is_staff: false };
const staff: SessionUser = { ...buyer, uuid: 'u2', is_staff: true };

const image = (overrides: Partial<Image> = {}): Image => ({
  ...imageCard(42, { title: 'Salt Flats' }),
  caption: 'Morning light on the salt.',
  keywords: ['desert', 'white'],
  user_favorite: false,
  substrates: ['print', 'canvas'],
  substrate_sizes: [],
  _static: [],
  imgsrc: '/media/originals/42.jpg',
  ...overrides,
});

const serve = (body: Image) =>
  server.use(http.get(`${ORIGIN}/api/images/42/`, () => HttpResponse.json<Image>(body)));

const renderAt = (id: string) =>
  renderPage(<ImageDetailPage />, { path: `/images/${id}`, route: '/images/:id' });

describe('image page', () => {
  it('is titled by the image and shows its picture, facts, keywords and Quick Add', async () => {
    serve(image());
    renderAt('42');
    expect(await screen.findByRole('heading', { name: 'Salt Flats', level: 1 })).toBeVisible();
    await waitFor(() => expect(document.title).toBe('Salt Flats | Atelier'));
    // The picture's box is sized from the master's ratio before it loads.
    const picture = screen.getByRole('img', { name: 'Salt Flats' });
    expect(picture).toHaveAttribute('width', '1600');
    expect(picture).toHaveAttribute('height', '1200');
    expect(picture.parentElement).toHaveStyle({ aspectRatio: '1600 / 1200' });
    // It is the page's largest paint: fetched at once, ahead of the scripts beside it.
    expect(picture).toHaveAttribute('loading', 'eager');
    expect(picture).toHaveAttribute('fetchpriority', 'high');
    expect(screen.getByText('Morning light on the salt.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mira Sol' })).toHaveAttribute(
      'href',
      '/search?q=%22Mira%20Sol%22',
    );
    const keywords = screen.getByRole('navigation', { name: 'Keywords' });
    expect(within(keywords).getByRole('link', { name: 'desert' })).toHaveAttribute(
      'href',
      '/search?q=desert',
    );
    // Tier 2, the cheapest standard size (8" x 6" print) in the price model: $21.75 → $21.99.
    expect(screen.getByText('From $21.99')).toBeInTheDocument();
    expect(screen.getByText('1600 × 1200 px (1.9 MP)')).toBeInTheDocument();
    expect(screen.queryByText(UNPUBLISHED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: QUICK_ADD_LABEL })).toHaveTextContent(
      'cart ./quick-add 42',
    );
    // Guests have no favourites; staff facts stay hidden from buyers.
    expect(screen.queryByRole('button', { name: 'Favorite' })).not.toBeInTheDocument();
    expect(screen.queryByText('Physical size')).not.toBeInTheDocument();
  });

  it('shows the largest size per substrate the file prints at 300 and 150 dpi', async () => {
    serve(image());
    renderAt('42');
    const table = await screen.findByRole('table', { name: /Print-readiness/ });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    // 1600 × 1200 px: 8" x 6" is only 200 ppi; at 150 dpi 10" x 8" (160 × 150 ppi) fits, 12" x 9" does not.
    expect(rows).toEqual([
      ['Substrate', '300 dpi', '150 dpi'],
      ['print', 'None', '10" x 8"'],
      ['canvas', 'None', 'None'],
    ]);
  });

  it('shows the resolution only from 1 million pixels', async () => {
    serve(image({ max_width: 999, max_height: 1000 }));
    renderAt('42');
    await screen.findByRole('heading', { name: 'Salt Flats' });
    expect(screen.queryByText('Resolution')).not.toBeInTheDocument();
    expect(screen.queryByText(/MP\)/)).not.toBeInTheDocument();
  });

  it('tells a buyer an unpublished image cannot be bought, where to look, and its id', async () => {
    serve(image({ published: false }));
    renderAt('42');
    expect(await screen.findByText(UNPUBLISHED_MESSAGE)).toBeInTheDocument();
    expect(
      screen.getByText(
        'A replacement may be available in the Related Images section below. Contact support for more info.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Image id: 42')).toBeInTheDocument();
    // Unpublished images cannot be purchased (SPEC §4): no Quick Add.
    expect(screen.queryByRole('region', { name: QUICK_ADD_LABEL })).not.toBeInTheDocument();
  });

  it('staff see the 300 dpi physical size, the id and source links', async () => {
    useAuthStore.setState({ user: staff });
    serve(image({ published: false, max_width: 3000, max_height: 1500 }));
    renderAt('42');
    expect(await screen.findByText('10.0 × 5.0 in at 300 dpi')).toBeInTheDocument();
    expect(screen.getByText('42 (L42)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Master file' })).toHaveAttribute(
      'href',
      '/media/originals/42.jpg',
    );
    expect(screen.getByRole('link', { name: 'Manage record' })).toHaveAttribute(
      'href',
      '/manage/image/42',
    );
    // Staff still find an unpublished image, so it is not hidden from them.
    expect(screen.getByText(UNPUBLISHED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(HIDDEN_IMAGE_MESSAGE)).not.toBeInTheDocument();
  });

  it("answers '404 Not Found' for an id the server does not know", async () => {
    server.use(
      http.get(`${ORIGIN}/api/images/7/`, () =>
        HttpResponse.json<DetailError>(
          { detail: 'Not found.' },
          { status: 404, statusText: 'Not Found' },
        ),
      ),
    );
    renderAt('7');
    expect(await screen.findByRole('heading', { name: NOT_FOUND_TITLE })).toBeInTheDocument();
    expect(NOT_FOUND_TITLE).toBe('404 Not Found');
    await waitFor(() => expect(document.title).toBe('Not Found | Atelier'));
  });

  it.each(['abc', '0', '42abc'])(
    "answers '404 Not Found' for the malformed id %p without asking the server",
    async (id) => {
      // No handler: any request would fail the test (onUnhandledRequest: 'error').
      renderAt(id);
      expect(await screen.findByRole('heading', { name: '404 Not Found' })).toBeInTheDocument();
    },
  );

  it('shows other failures with the global error display', async () => {
    server.use(
      http.get(`${ORIGIN}/api/images/42/`, () =>
        HttpResponse.json<DetailError>(
          { detail: 'Boom' },
          { status: 503, statusText: 'Service Unavailable' },
        ),
      ),
    );
    renderAt('42');
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('503');
  });
});

describe('favourite toggle', () => {
  it('toggles on and off for a signed-in user, showing what the server stored', async () => {
    useAuthStore.setState({ user: buyer });
    const sent: ContentEditRequest[] = [];
    server.use(
      http.patch(`${ORIGIN}/content/edit/42/`, async ({ request }) => {
        const body = (await request.json()) as ContentEditRequest;
        sent.push(body);
        return HttpResponse.json<ContentEditResponse>({
          id: 42,
          user_favorite: Boolean(body.favorite),
          published: true,
          popularity: 0,
        });
      }),
    );
    serve(image());
    renderAt('42');
    const toggle = await screen.findByRole('button', { name: 'Favorite', pressed: false });
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Favorite' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
        'aria-pressed',
        'false',
      ),
    );
    expect(sent).toEqual([{ favorite: true }, { favorite: false }]);
  });

  it('alerts with the error and the advice when the call fails, and stays as stored', async () => {
    useAuthStore.setState({ user: buyer });
    server.use(
      http.patch(`${ORIGIN}/content/edit/42/`, () =>
        HttpResponse.json<DetailError>({ detail: 'Favourites are resting.' }, { status: 503 }),
      ),
    );
    serve(image());
    renderAt('42');
    await userEvent.click(await screen.findByRole('button', { name: 'Favorite' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Favourites are resting.');
    expect(alert).toHaveTextContent('Please try again. Contact customer support if this persists.');
    expect(FAVORITE_FAILURE_ADVICE).toBe(
      'Please try again. Contact customer support if this persists.',
    );
    expect(screen.getByRole('button', { name: 'Favorite' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
