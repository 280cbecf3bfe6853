import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@atelier/api-client';
import CredentialsForm from './CredentialsForm';

const refused = (data: unknown, status = 400) =>
  new ApiError(`POST /auth/users/ failed with ${status}`, {
    method: 'POST',
    url: '/auth/users/',
    response: { status, statusText: 'Bad Request', data },
  });

function renderForm(onSubmit = jest.fn(async () => undefined)) {
  render(<CredentialsForm submitLabel="Sign Up" onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('CredentialsForm (SPEC §5 sign in and sign up)', () => {
  it('requires an email and a password before calling the server', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses an email that is not one', async () => {
    const { onSubmit, user } = renderForm();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'long enough');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows server field errors under their fields and focuses the first', async () => {
    const { user } = renderForm(
      jest.fn(async () => {
        throw refused({
          email: ['user with this email address already exists.'],
          password: ['This password is too common.'],
        });
      }),
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByText('user with this email address already exists.'),
    ).toBeInTheDocument();
    expect(screen.getByText('This password is too common.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows non_field_errors in an alert, cleared when the user types again', async () => {
    const { user } = renderForm(
      jest.fn(async () => {
        throw refused({ non_field_errors: ['Unable to log in with provided credentials.'] });
      }),
    );
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unable to log in with provided credentials.',
    );
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
