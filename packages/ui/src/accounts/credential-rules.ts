/** The client-side pattern is a first check; the server decides what an email is. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_REQUIRED = 'Email is required.';
export const EMAIL_INVALID = 'Enter a valid email address.';
export const PASSWORD_REQUIRED = 'Password is required.';
