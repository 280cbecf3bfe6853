/** What tests outside the module check of its internals (test code only). */
export { analysePixels } from './colours';
export { parseRecord } from './record';
