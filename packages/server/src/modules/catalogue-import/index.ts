// The catalogue-import module's public surface beside service.ts: what other modules and the app may
// import from it (.dependency-cruiser.cjs forbids reaching its other files).
export { measureColours } from './colours';
export { PICTURE_LIMITS, THUMB_HEIGHT, THUMB_MAX_WIDTH } from './files';
export { importLines } from './importer';
export type { ImportRecordInput } from './record';
