// The designstudio module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { createDesignStudioRepository } from './repository';
