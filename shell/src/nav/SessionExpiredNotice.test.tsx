import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { SessionExpiredNotice } from './SessionExpiredNotice';

describe('session-expired notice (SPEC §8)', () => {
  it('says so with a Sign in link back to the page, and can be dismissed', async () => {
    useAuthStore.setState({ sessionExpired: true });
    render(
      <MemoryRouter initialEntries={['/orders']}>
        <SessionExpiredNotice />
      </MemoryRouter>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your session expired. Please sign in again.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/accounts/login?redirect=%2Forders',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing while the session is fine', () => {
    useAuthStore.setState({ sessionExpired: false });
    render(
      <MemoryRouter>
        <SessionExpiredNotice />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
