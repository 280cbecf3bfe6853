import { ApiError } from '@atelier/api-client';
import { CONTACT_SUPPORT, INVALID_HIDDEN_FIELDS, readServerErrors } from './server-errors';

const answered = (status: number, data: unknown, statusText = '') =>
  new ApiError(`POST /x/ failed with ${status}`, {
    method: 'POST',
    url: '/x/',
    response: { status, statusText, data },
  });

const FIELDS = ['email', 'password'] as const;

describe('SPEC §8 Form 400', () => {
  it('puts field errors under the fields the form shows, in form order', () => {
    const result = readServerErrors(
      answered(400, {
        password: ['This password is too short.', 'This password is too common.'],
        email: ['user with this email address already exists.'],
      }),
      FIELDS,
    );
    expect(result.fields).toEqual([
      { name: 'email', message: 'user with this email address already exists.' },
      { name: 'password', message: 'This password is too short. This password is too common.' },
    ]);
    expect(result.alert).toBeNull();
  });

  it('shows non_field_errors in an alert', () => {
    const result = readServerErrors(answered(400, { non_field_errors: ['Nope.'] }), FIELDS);
    expect(result).toEqual({ fields: [], alert: { title: 'Nope.' } });
  });

  it('lists errors about fields the form does not show', () => {
    const result = readServerErrors(
      answered(400, { token: ['Invalid token for given user.'], email: ['Bad.'] }),
      FIELDS,
    );
    expect(result.fields).toEqual([{ name: 'email', message: 'Bad.' }]);
    expect(result.alert).toEqual({
      title: INVALID_HIDDEN_FIELDS,
      items: ['token: Invalid token for given user.'],
    });
  });

  it('answers an empty 400 with the error and "Please contact support."', () => {
    expect(readServerErrors(answered(400, undefined), FIELDS).alert).toEqual({
      title: 'POST /x/ failed with 400',
      description: CONTACT_SUPPORT,
    });
  });

  it('shows the detail of any other failure', () => {
    expect(
      readServerErrors(answered(429, { detail: 'Request was throttled.' }), FIELDS).alert,
    ).toEqual({ title: 'Request was throttled.' });
  });

  it('describes a request that got no answer by its message and call', () => {
    const error = new ApiError('Failed to fetch', { method: 'POST', url: '/x/' });
    expect(readServerErrors(error, FIELDS).alert).toEqual({
      title: 'Failed to fetch',
      description: 'POST /x/',
    });
  });
});
