import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ValidationError } from '@atelier/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { api } from '@atelier/api-client';
import { ResetPasswordConfirmPage } from './ResetPasswordConfirmPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const BASE = 'http://localhost';
const requests: unknown[] = [];
const server = setupServer(
  http.post(`${BASE}/auth/users/reset_password/`, async ({ request }) => {
    requests.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
  http.post(`${BASE}/auth/users/reset_password_confirm/`, async ({ request }) => {
    const body = (await request.json()) as { token: string; new_password: string };
    requests.push(body);
    if (body.token !== 'good') {
      return HttpResponse.json<ValidationError>(
        { token: ['Invalid token for given user.'] },
        { status: 400 },
      );
    }
    if (body.new_password === 'password') {
      return HttpResponse.json<ValidationError>(
        { new_password: ['This password is too common.'] },
        { status: 400 },
      );
    }
    return new HttpResponse(null, { status: 204 });
  }),
);

beforeAll(() => {
  api.configure({ baseUrl: BASE });
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  requests.length = 0;
});
afterAll(() => server.close());

function renderConfirm(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/accounts/reset-password-confirm/:uid?/:token?"
          element={<ResetPasswordConfirmPage />}
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('Forgot password (SPEC §5)', () => {
  it('requires an email, then says a reset was requested', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/accounts/reset-password']}>
        <ResetPasswordPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request Reset' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Request Reset' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Password reset requested. If you don't receive an email, you may not have an account at that address.",
    );
    expect(requests).toEqual([{ email: 'ada@example.com' }]);
  });
});

describe('Set new password (SPEC §5)', () => {
  it.each([
    ['/accounts/reset-password-confirm', 'Missing uid, token. Please contact support.'],
    ['/accounts/reset-password-confirm/abc', 'Missing token. Please contact support.'],
  ])('lists the missing link parts at %s', (path, message) => {
    renderConfirm(path);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('sets the password and says so', async () => {
    const user = userEvent.setup();
    renderConfirm('/accounts/reset-password-confirm/uid-1/good');
    await user.type(screen.getByLabelText('New Password'), 'a long new secret');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password changed.');
    expect(requests).toEqual([{ uid: 'uid-1', token: 'good', new_password: 'a long new secret' }]);
  });

  it('shows a policy error under the field', async () => {
    const user = userEvent.setup();
    renderConfirm('/accounts/reset-password-confirm/uid-1/good');
    await user.type(screen.getByLabelText('New Password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    expect(await screen.findByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('New Password')).toHaveFocus();
  });

  it('reports a used or wrong token as an invalid hidden field', async () => {
    const user = userEvent.setup();
    renderConfirm('/accounts/reset-password-confirm/uid-1/used');
    await user.type(screen.getByLabelText('New Password'), 'a long new secret');
    await user.click(screen.getByRole('button', { name: 'Set Password' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Invalid hidden fields. Please contact support.');
    expect(alert).toHaveTextContent('token: Invalid token for given user.');
  });
});
