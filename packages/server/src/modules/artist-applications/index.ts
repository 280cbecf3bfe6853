// The artist-applications module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { storePicture } from './pictures';
export { PICTURE_BODY_LIMIT } from './routes';
export { PRIVATE_DIR_NAME, createSampleFiles } from './sample-files';
export { advanceStage, stageOf } from './stages';
