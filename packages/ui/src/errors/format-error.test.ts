import { ApiError } from '@atelier/api-client';
import { formatError, UNDEFINED_ERROR } from './format-error';

describe('formatError (SPEC §8 global error display)', () => {
  it('shows an answered call as its status and status text', () => {
    const error = new ApiError('x', {
      method: 'GET',
      url: '/api/images/9/',
      response: { status: 404, statusText: 'Not Found', data: { detail: 'Not found.' } },
    });
    expect(formatError(error)).toEqual({ title: '404', description: 'Not Found' });
  });

  it("shows an unanswered call as its message and 'METHOD url'", () => {
    const error = new ApiError('Failed to fetch', { method: 'POST', url: '/api/v2/projects/' });
    expect(formatError(error)).toEqual({
      title: 'Failed to fetch',
      description: 'POST /api/v2/projects/',
    });
  });

  it("shows any other error as 'Error' plus its message", () => {
    expect(formatError(new TypeError('boom'))).toEqual({ title: 'Error', description: 'boom' });
  });

  it.each([null, undefined, '', new Error('')])(
    "shows an empty error (%p) as 'Undefined Error :('",
    (empty) => {
      expect(formatError(empty).title).toBe(UNDEFINED_ERROR);
      expect(UNDEFINED_ERROR).toBe('Undefined Error :(');
    },
  );

  it('prefixes a plain message with a warning sign', () => {
    expect(formatError('Search is down')).toEqual({ title: '⚠ Search is down' });
  });
});
