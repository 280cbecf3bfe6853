import type { SearchApi } from '@atelier/contracts';

/**
 * SPEC §2: with the api param set, the note says which results are left out. Only our own
 * catalogue hides the extended (external stock) one; only external hides ours. Both, or no
 * api param, hide nothing.
 */
export function apiNote(apis: readonly SearchApi[]): string | null {
  const internal = apis.includes('internal');
  const external = apis.includes('external');
  if (internal && !external) return 'Results from our extended catalog are hidden.';
  if (external && !internal) return 'Some results are hidden.';
  return null;
}
