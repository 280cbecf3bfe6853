/** What tests outside the module check of its internals (test code only). */
export { shippedEmail } from './emails';
