import type React from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Image } from '@atelier/contracts';
import { imageCard, renderPage } from '../test/render';
import { ImageDetailPage, QUICK_ADD_LABEL, UNPUBLISHED_MESSAGE } from './ImageDetailPage';

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

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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
  server.use(http.get('http://localhost/api/images/42/', () => HttpResponse.json(body)));

describe('image detail', () => {
  it('shows the image with its title as the page title, its keywords as searches', async () => {
    serve(image());
    renderPage(<ImageDetailPage />, { path: '/images/42', route: '/images/:id' });
    expect(await screen.findByRole('heading', { name: 'Salt Flats' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Salt Flats | Atelier'));
    expect(screen.getByRole('link', { name: 'desert' })).toHaveAttribute(
      'href',
      '/search?q=desert',
    );
    expect(screen.getByText('1600 × 1200 px (1.9 MP)')).toBeInTheDocument();
    expect(screen.queryByText(UNPUBLISHED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: QUICK_ADD_LABEL })).toHaveTextContent(
      'cart ./quick-add 42',
    );
  });

  it('hides the resolution under 1 million pixels and warns when unpublished', async () => {
    serve(image({ max_width: 999, max_height: 1000, published: false }));
    renderPage(<ImageDetailPage />, { path: '/images/42', route: '/images/:id' });
    expect(
      await screen.findByText('This image is unpublished and cannot be purchased.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/px \(/)).not.toBeInTheDocument();
    // Unpublished images cannot be purchased (SPEC §4): no Quick Add.
    expect(screen.queryByRole('region', { name: QUICK_ADD_LABEL })).not.toBeInTheDocument();
  });
});
