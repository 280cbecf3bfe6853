// The uploads module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { registerUploadJobs } from './processing';
export { createUploadRepository } from './repository';
export { registerTransferSweeper, tusRoutes } from './tus';
