/**
 * The demo's data: the catalogue generator (planned images, drawn pictures), the synthetic
 * bulk loader, the demo accounts. Free of the server: what it needs of the server's services
 * (the catalogue import, users, onboarding) the caller hands in, so the server's tests can
 * use it as tools/demo does without a dependency cycle.
 */
export {
  generateCatalogue,
  type DemoImportLine,
  type DemoImportOptions,
  type DemoRecord,
  type GenerateOptions,
  type GenerateResult,
  type ImportDemoLines,
} from './catalogue';
export { ensureDemoAccounts, type DemoAccountServices } from './accounts';
export { DEMO_ACCOUNTS, type DemoAccountRole } from './demo-accounts';
export {
  COVERAGE_PREFIX,
  DEFAULT_SEED,
  DEMO_ARTIST_INDEX,
  MIN_ARTISTS,
  PALETTES,
  PICTURE_KINDS,
  PICTURE_SUBJECTS,
  SIZE_CLASSES,
  SIZE_CLASS_NAMES,
  artistCountFor,
  createPlanner,
  type ImagePlan,
  type PictureKind,
  type SizeClass,
} from './plan';
export { sketchPicture } from './render';
export { loadSyntheticCatalogue, longTailWord, lookupTable, SYLLABLES } from './synthetic';
/** The generator's vocabulary (themes, names, places, moods…), which the stemmer is tested on. */
export * as words from './words';
