import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore, type SessionProfile } from '@atelier/session';
import { AccountLink } from './AccountLink';
import { StaffBar } from './StaffBar';

const ada = { uuid: 'u1', name: '', email: 'ada@example.com', is_staff: false };
const profile = (stage: string | null = null): SessionProfile => ({
  user_id: 'u1',
  current_project: null,
  current_workspace: null,
  application_stage: stage,
});

function renderNav(path = '/search?q=sea') {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <AccountLink />
        <StaffBar />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function openMenu(name: string) {
  await userEvent.setup().click(screen.getByRole('button', { name: `My Account: ${name}` }));
  return screen.getByRole('list', { name: 'My Account' });
}

const labels = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

beforeEach(() => useAuthStore.getState().clear());

describe('My Account menu (SPEC §2)', () => {
  it('offers a guest Sign In, coming back to the page', () => {
    renderNav();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute(
      'href',
      '/accounts/login?redirect=%2Fsearch%3Fq%3Dsea',
    );
    expect(screen.queryByRole('navigation', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('shows the email when the user has no name, and the customer entries', async () => {
    useAuthStore.setState({ user: ada, profile: profile() });
    renderNav();
    const menu = await openMenu('ada@example.com');
    expect(labels(menu)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Projects', '/projects'],
      ['Orders', '/orders'],
      ['Sign out', '/accounts/logout'],
    ]);
  });

  it('adds the artist profile link and Artist Portal for an onboarded artist', async () => {
    useAuthStore.setState({
      user: { ...ada, name: 'Ada Lovelace' },
      profile: profile('payment'),
      isArtist: true,
    });
    renderNav();
    const menu = await openMenu('Ada Lovelace');
    expect(labels(menu).map(([label]) => label)).toEqual([
      'Artist Profile',
      'Dashboard',
      'Projects',
      'Orders',
      'Artist Portal',
      'Sign out',
    ]);
  });

  it('leaves out Dashboard and Projects without a session profile', async () => {
    useAuthStore.setState({ user: ada, profile: null });
    renderNav();
    const menu = await openMenu('ada@example.com');
    expect(labels(menu).map(([label]) => label)).toEqual(['Orders', 'Sign out']);
  });

  it('closes on Escape', async () => {
    useAuthStore.setState({ user: ada, profile: profile() });
    renderNav();
    await openMenu('ada@example.com');
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'My Account' })).not.toBeInTheDocument();
  });

  it('gives staff the second bar, with Dashboard going to the dashboard page', async () => {
    useAuthStore.setState({ user: { ...ada, is_staff: true }, profile: profile() });
    renderNav();
    const bar = screen.getByRole('navigation', { name: 'Staff' });
    expect(await within(bar).findByRole('combobox', { name: 'Find a project' })).toBeVisible();
    expect(labels(bar)).toEqual([
      ['Dashboard', '/dashboard'],
      ['Projects', '/projects'],
      ['Art', '/manage/image'],
      ['Collections', '/collections'],
      ['Manage', '/manage'],
      ['Upload', '/manage/upload/new'],
      ['Artist Portal', '/artist'],
    ]);
  });
});
