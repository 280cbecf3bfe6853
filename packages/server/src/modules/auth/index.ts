// The auth module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { EMAIL_MAX_LENGTH, isValidEmail, normalizeEmail } from './email';
export { createAuthRepository } from './repository';
export { type Session, createSessions, sessionCookieOf } from './sessions';
export { isUuid, loadJwtSecret } from './tokens';
export { createUsers } from './users';
