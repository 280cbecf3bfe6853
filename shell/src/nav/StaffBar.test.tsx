import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { api } from '@atelier/api-client';
import type { Page, ProjectListEntry } from '@atelier/contracts';
import { TYPEAHEAD_PAGE_SIZE } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { PROJECT_TYPEAHEAD_LABEL, StaffBar } from './StaffBar';

const BASE = 'http://localhost';
const entry = (id: number, name: string): ProjectListEntry => ({
  token: `t${String(id).padStart(31, '0')}`,
  project: { id, name },
  created: '2025-01-01T00:00:00Z',
  quantity: 0,
  latest_order: null,
});
const searches: URLSearchParams[] = [];
let answer: Page<ProjectListEntry>;

const server = setupServer(
  http.get(`${BASE}/api/v2/myprojects/`, ({ request }) => {
    searches.push(new URL(request.url).searchParams);
    return HttpResponse.json<Page<ProjectListEntry>>(answer);
  }),
);

beforeAll(() => {
  api.configure({ baseUrl: BASE });
  server.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  searches.length = 0;
  answer = {
    count: 2,
    next: null,
    previous: null,
    results: [entry(12, 'Harbour hotel lobby'), entry(15, 'Harbour suites')],
  };
  useAuthStore.setState({
    user: { uuid: 's', name: 'Sam', email: 's@x.io', is_staff: true },
    profile: null,
  });
});

function ProjectPage() {
  return <h1>Project {useParams().id}</h1>;
}

function renderBar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/search']}>
        <StaffBar />
        <Routes>
          <Route path="/search" element={<h1>Search</h1>} />
          <Route path="/projects/:id" element={<ProjectPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the staff bar project typeahead (SPEC §2)', () => {
  it('looks projects up and opens the chosen one at /projects/{id}', async () => {
    const user = renderBar();
    const bar = screen.getByRole('navigation', { name: 'Staff' });
    const box = await within(bar).findByRole('combobox', { name: PROJECT_TYPEAHEAD_LABEL });
    await user.type(box, 'harbour');
    await user.click(await screen.findByRole('option', { name: '#15 Harbour suites' }));
    expect(await screen.findByRole('heading', { name: 'Project 15' })).toBeInTheDocument();
    expect(searches.at(-1)?.get('search')).toBe('harbour');
    expect(searches.at(-1)?.get('page_size')).toBe(String(TYPEAHEAD_PAGE_SIZE));
  });

  it("ignores the '…' entry shown when there are more projects than listed", async () => {
    answer = { ...answer, count: 40 };
    const user = renderBar();
    const box = await screen.findByRole('combobox', { name: PROJECT_TYPEAHEAD_LABEL });
    await user.type(box, 'harbour');
    const marker = await screen.findByRole('option', { name: '…' });
    await user.click(marker);
    expect(screen.getByRole('heading', { name: 'Search' })).toBeInTheDocument();
    // Keyboard: Enter on a project opens it (rc-select reads the legacy `which`).
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, which: 13 });
    expect(await screen.findByRole('heading', { name: 'Project 12' })).toBeInTheDocument();
  });

  it('is not there for someone who is not staff', () => {
    useAuthStore.setState({ user: { uuid: 'c', name: 'C', email: 'c@x.io', is_staff: false } });
    renderBar();
    expect(screen.queryByRole('combobox', { name: PROJECT_TYPEAHEAD_LABEL })).toBeNull();
  });
});
