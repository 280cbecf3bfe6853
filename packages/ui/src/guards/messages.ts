/** SPEC §6 route guard messages and the §2 sign-in prompt. */
export const LOGIN_REQUIRED = 'This page requires login.';
export const STAFF_REQUIRED = 'This page requires staff login.';
export const SIGN_IN_PROMPT = 'Please sign in to continue';
