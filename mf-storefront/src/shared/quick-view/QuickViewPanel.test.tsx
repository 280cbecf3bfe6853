import type React from 'react';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Image, RelatedImagesResponse } from '@atelier/contracts';
import { useAuthStore, type SessionUser } from '@atelier/session';
import { imageCard, renderPage } from '../../test/render';
import { QuickViewPanel } from './QuickViewPanel';

jest.mock('@atelier/ui', () => {
  const actual: object = jest.requireActual('@atelier/ui');
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    ...actual,
    RemoteFragment: ({ label, props }: { label: string; props?: { image?: Image } }) =>
      createElement('section', { 'aria-label': label }, `image ${props?.image?.id}`),
  };
});

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  jest.useRealTimers();
});
afterAll(() => server.close());

const staff: SessionUser = { uuid: 's', name: 'Sam', email: 's@x.io', is_staff: true };
const card = imageCard(42, { title: 'Salt Flats', local_id: 'GAA000042', artist: 'Ana Ruiz' });
const detail = (overrides: Partial<Image> = {}): Image => ({
  ...card,
  max_width: 4000,
  max_height: 3000,
  caption: 'Morning light on the salt.',
  keywords: ['desert', 'white'],
  user_favorite: false,
  substrates: ['print'],
  substrate_sizes: [],
  _static: [],
  imgsrc: '/media/originals/42.jpg',
  ...overrides,
});

const relatedAsked: URLSearchParams[] = [];
function answer(image: Image) {
  relatedAsked.length = 0;
  server.use(
    http.get('http://localhost/api/images/42/', () => HttpResponse.json<Image>(image)),
    http.get('http://localhost/content/search/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      relatedAsked.push(params);
      const ids = params.get('q') === 'GAA000042' ? [42, 7, 8, 9, 10] : [11, 12, 13];
      return HttpResponse.json<RelatedImagesResponse>({
        images: ids.map((id) => imageCard(id, { title: `Work ${id}` })),
      });
    }),
  );
}

beforeEach(() => useAuthStore.setState({ user: null, profile: null, status: 'ready' }));

it('shows the image, its facts, Quick Add, keywords and related images (the first itself)', async () => {
  answer(detail());
  renderPage(<QuickViewPanel image={card} />);
  expect(screen.getByRole('heading', { name: 'Salt Flats' })).toBeInTheDocument();
  expect(await screen.findByText('Morning light on the salt.')).toBeInTheDocument();
  expect(screen.getByText('4000 × 3000 px (12.0 MP)')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Quick Add' })).toHaveTextContent('image 42');
  expect(screen.getByRole('link', { name: 'desert' })).toHaveAttribute('href', '/search?q=desert');
  const related = await screen.findByRole('list', { name: 'Related images' });
  const links = within(related).getAllByRole('link');
  expect(links).toHaveLength(5);
  expect(links[0]).toHaveAttribute('aria-current', 'true');
  expect(relatedAsked[0]?.get('limit')).toBe('5');
  // Customers do not see the file's facts.
  expect(screen.queryByText('Physical size')).not.toBeInTheDocument();
});

it('hides the resolution under 1 MP and shows staff the 300 dpi size and id', async () => {
  useAuthStore.setState({ user: staff });
  answer(detail({ max_width: 900, max_height: 600 }));
  renderPage(<QuickViewPanel image={{ ...card, max_width: 900, max_height: 600 }} />);
  expect(await screen.findByText('3.0 × 2.0 in at 300 dpi')).toBeInTheDocument();
  expect(screen.getByText('42 (GAA000042)')).toBeInTheDocument();
  expect(screen.queryByText(/px \(/)).not.toBeInTheDocument();
});

it('the artist link shows three of their works after 100 ms of hover', async () => {
  answer(detail());
  jest.useFakeTimers();
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderPage(<QuickViewPanel image={card} />);
  await user.hover(screen.getByRole('link', { name: 'Ana Ruiz' }));
  act(() => jest.advanceTimersByTime(50));
  expect(screen.queryByText('More by Ana Ruiz')).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(100));
  expect(await screen.findByText('More by Ana Ruiz')).toBeInTheDocument();
  const works = await screen.findByRole('list', { name: 'Works by Ana Ruiz' });
  expect(within(works).getAllByRole('img')).toHaveLength(3);
  expect(relatedAsked.some((p) => p.get('q') === '"Ana Ruiz"' && p.get('limit') === '3')).toBe(
    true,
  );
});
