import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { APPLICATION_DECLINED, type ArtistApplication } from '@atelier/contracts';
import { useAuthStore } from '@atelier/session';
import { AppProviders, createQueryClient } from '@atelier/ui';
import { APPLICATION_PATH } from '../../shared/api/application';
import routes from '../../routes';

const declined: ArtistApplication = {
  id: 7,
  stage: 'declined',
  full_name: 'Noor Painter',
  email: 'noor@example.com',
  practice: 'Oil on linen',
  bio: '',
  location: '',
  links: [],
  samples: [],
  submitted_at: '2026-01-02T00:00:00Z',
  decision: 'declined',
  decision_message: 'Not a fit yet.',
  decided_at: '2026-01-03T00:00:00Z',
};

const server = setupServer(
  http.get(`http://localhost${APPLICATION_PATH}`, () =>
    HttpResponse.json<ArtistApplication>(declined),
  ),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(() =>
  useAuthStore.setState({
    user: { uuid: 'a', name: 'Noor', email: 'noor@example.com', is_staff: false },
    profile: {
      user_id: 'a',
      current_project: null,
      current_workspace: null,
      application_stage: 'declined',
    },
    isArtist: false,
    status: 'ready',
  }),
);

const open = (path: string) => {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />
    </AppProviders>,
  );
};

it.each(['/artist/apply', '/artist/apply/info', '/artist/apply/sample'])(
  '%s tells a declined applicant they cannot apply again, with no form',
  async (path) => {
    open(path);
    expect(await screen.findByText(APPLICATION_DECLINED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the message' })).toHaveAttribute(
      'href',
      '/artist/message',
    );
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start application|Continue/ })).toBeNull();
  },
);
