import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Page, ProjectListEntry } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { page, projectEntry } from '../test/fixtures';
import { renderPage } from '../test/render';
import ProjectsPage from './ProjectsPage';

// A shared 2-core machine: antd pages render slowly under load.
jest.setTimeout(120_000);

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const PROJECTS_URL = 'http://localhost/api/v2/projects/';

/** Serves `results` for every list request, recording each request's query. */
function serve(results: (search: string | null) => ProjectListEntry[], count?: number) {
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(PROJECTS_URL, ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const rows = results(query.get('search'));
      return HttpResponse.json<Page<ProjectListEntry>>(page(rows, count ?? rows.length));
    }),
  );
  return queries;
}

const renderProjects = (path = '/projects') =>
  renderPage(<ProjectsPage />, { path, route: '/projects' });

beforeEach(() =>
  useAuthStore.setState({
    user: { uuid: 'u', name: 'U', email: 'u@x.io', is_staff: false },
    profile: null,
    status: 'ready',
  }),
);

describe('projects list', () => {
  it('lists id and name linking to the project, with the created date, count and Ordered', async () => {
    const queries = serve(() => [
      projectEntry(12, { project: { id: 12, name: 'Lobby refit' } }),
      projectEntry(9, {
        quantity: 1,
        latest_order: { id: 'ord_1', order_id: 1042, status: 'paid', created: '2025-03-05' },
      }),
    ]);
    renderProjects();
    const link = await screen.findByRole('link', { name: '#12 Lobby refit' });
    expect(link).toHaveAttribute('href', '/projects/12');
    expect(screen.getByRole('link', { name: '#9 Project 9' })).toHaveAttribute(
      'href',
      '/projects/9',
    );
    expect(screen.getAllByText('Created Mar 4, 2025')).toHaveLength(2);
    expect(screen.getByText('2 items')).toBeInTheDocument();
    expect(screen.getByText('1 item')).toBeInTheDocument();
    expect(screen.getAllByText('Ordered')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(queries[0]?.get('page')).toBe('1');
    expect(queries[0]?.get('page_size')).toBe('20');
    expect(queries[0]?.has('search')).toBe(false);
  });

  it("says 'List is empty' when there are no projects", async () => {
    serve(() => []);
    renderProjects();
    expect(await screen.findByText('List is empty')).toBeInTheDocument();
  });

  it("puts the search in the URL and says 'No results' when it finds nothing", async () => {
    const queries = serve((search) => (search ? [] : [projectEntry(3)]));
    renderProjects();
    await screen.findByRole('link', { name: '#3 Project 3' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search projects' }), {
      target: { value: 'hotel' },
    });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Search projects' }), {
      key: 'Enter',
      keyCode: 13,
    });
    expect(await screen.findByText('No results')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/projects?search=hotel');
    expect(queries.at(-1)?.get('search')).toBe('hotel');
  });

  it('reads the page and page size from the URL', async () => {
    const queries = serve(() => [projectEntry(41)], 120);
    renderProjects('/projects?page=3&page_size=50&search=lobby');
    await screen.findByRole('link', { name: '#41 Project 41' });
    expect(queries[0]?.get('page')).toBe('3');
    expect(queries[0]?.get('page_size')).toBe('50');
    expect(queries[0]?.get('search')).toBe('lobby');
    expect(screen.getByRole('searchbox', { name: 'Search projects' })).toHaveValue('lobby');
  });

  it('keeps the page in the URL: Next page asks for page 2', async () => {
    const queries = serve(() => [projectEntry(1)], 45);
    renderProjects('/projects?search=lobby');
    await screen.findByRole('link', { name: '#1 Project 1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/projects?search=lobby&page=2'),
    );
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));
  });

  it('asks a visitor to sign in', async () => {
    useAuthStore.setState({ user: null });
    renderProjects();
    expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('List is empty')).not.toBeInTheDocument());
  });
});
