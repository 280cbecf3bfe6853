import { fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { CartItem, Page, Cart, DetailError } from '@atelier/contracts';
import { useAuthStore, useCartStore } from '@atelier/session';
import { cart, cartItem, page } from '../test/fixtures';
import { renderPage } from '../test/render';
import ProjectPage from './ProjectPage';

// A shared 2-core machine: antd pages render slowly under load.
jest.setTimeout(120_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const renderProject = (id = '7') =>
  renderPage(<ProjectPage />, { path: `/projects/${id}`, route: '/projects/:id' });

beforeEach(() => {
  useAuthStore.setState({
    user: { uuid: 'u', name: 'U', email: 'u@x.io', is_staff: false },
    profile: null,
    status: 'ready',
  });
  useCartStore.getState().clear();
});

describe('project by id', () => {
  it('shows the project and checks out at its own checkout', async () => {
    server.use(
      http.get('http://localhost/api/v2/projects/7/', () => HttpResponse.json<Cart>(cart())),
      http.get('http://localhost/api/v2/projects/7/items/', () =>
        HttpResponse.json<Page<CartItem>>(page([cartItem(1)])),
      ),
    );
    renderProject();
    expect(await screen.findByRole('heading', { name: 'Work 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lobby refit', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Project ID: 7')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/projects/7/checkout');
  });

  it("says 'Project not found' for a 404", async () => {
    server.use(
      http.get('http://localhost/api/v2/projects/404/', () =>
        HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 }),
      ),
      http.get('http://localhost/api/v2/projects/404/items/', () =>
        HttpResponse.json<DetailError>({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderProject('404');
    expect(await screen.findByText('Project not found')).toBeInTheDocument();
  });
});
