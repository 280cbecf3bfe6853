/** SPEC §8 auth state messages: why a sign-in on start found no signed-in user. */
export const AUTH_STATE_MESSAGES = {
  noToken: 'No token.',
  noUser: 'User not available.',
  noProfile: 'Session profile not available.',
} as const;

/** Sign-up whose sign-in was refused: the address already had an account (see its inbox). */
export const REGISTERED_ADDRESS_TAKEN =
  'Could not sign you in with this address. If it already has an account, we have emailed it: ' +
  'sign in with its password, or reset the password.';

/** SPEC §8: shown when a refresh failed and the stored login was cleared. */
export const SESSION_EXPIRED = 'Your session expired. Please sign in again.';

/** SPEC §9: the session-expired notice is debounced by 1 s. */
export const SESSION_EXPIRED_DEBOUNCE_MS = 1_000;

/** An auth step that did not work out, with the SPEC §8 message and what caused it. */
export class AuthStateError extends Error {
  override name = 'AuthStateError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}
