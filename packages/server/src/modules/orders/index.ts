// The orders module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { confirmationEmail, orderLink } from './emails';
export { choice, errorTree, text } from './fields';
