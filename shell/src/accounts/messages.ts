/** SPEC §5 and §8 strings of the account screens. */
export const PASSWORD_RESET_REQUESTED =
  "Password reset requested. If you don't receive an email, you may not have an account at that address.";
export const PASSWORD_CHANGED = 'Password changed.';
export const NEW_PASSWORD_REQUIRED = 'New Password is required.';
export const SIGNING_OUT = 'Signing out...';
export const LOGOUT_FAILED_ADVICE =
  'Please try reloading the page. Contact customer support if this persists.';
export const missingResetParams = (missing: string[]) =>
  `Missing ${missing.join(', ')}. Please contact support.`;
