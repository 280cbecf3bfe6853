import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ImageCardPage } from '@atelier/contracts';
import { imageCard, renderPage } from '../test/render';
import { HomePage } from './HomePage';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const page = (results: ImageCardPage['results'], count = results.length): ImageCardPage => ({
  count,
  next: null,
  previous: null,
  results,
});

describe('storefront home', () => {
  it('shows the newest images of the catalogue, each linking to its page with a price badge', async () => {
    let asked: URL | undefined;
    server.use(
      http.get('http://localhost/api/images/', ({ request }) => {
        asked = new URL(request.url);
        return HttpResponse.json(
          page([imageCard(7, { title: 'Harbour' }), imageCard(8, { price: 4 })], 512),
        );
      }),
    );
    renderPage(<HomePage />);
    expect(screen.getByRole('status', { name: 'Loading images' })).toBeInTheDocument();
    const tile = await screen.findByRole('listitem', { name: 'Harbour by Mira Sol' });
    expect(tile).toHaveAttribute('href', '/images/7');
    expect(screen.getByRole('img', { name: 'Harbour' })).toHaveAttribute(
      'src',
      '/media/thumbs/7.jpg',
    );
    expect(screen.getByLabelText('Price tier 4 of 4')).toHaveTextContent('$$$$');
    expect(screen.getByRole('link', { name: 'Browse all 512 works' })).toHaveAttribute(
      'href',
      '/search',
    );
    expect(asked?.searchParams.get('limit')).toBe('60');
  });

  it('says so when nothing is published yet', async () => {
    server.use(http.get('http://localhost/api/images/', () => HttpResponse.json(page([]))));
    renderPage(<HomePage />);
    expect(await screen.findByText('No art has been published yet.')).toBeInTheDocument();
  });

  it('shows the server error when the catalogue cannot be read', async () => {
    server.use(
      http.get('http://localhost/api/images/', () =>
        HttpResponse.json({ detail: 'down' }, { status: 503, statusText: 'Service Unavailable' }),
      ),
    );
    renderPage(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('503');
    expect(await screen.findByText('Service Unavailable')).toBeInTheDocument();
  });
});
