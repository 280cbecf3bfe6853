import { groupThousands } from '@atelier/contracts';

/**
 * SPEC §2: 'At least' only when the server says the total is a lower bound
 * (total_is_partial); otherwise the count is exact.
 */
export function formatSearchCount(total: number, partial: boolean): string {
  const count = `${groupThousands(total)} ${total === 1 ? 'result' : 'results'}`;
  return partial ? `At least ${count}` : count;
}
