import type { QueryClient } from '@tanstack/react-query';
import type { Cart } from '@atelier/contracts';
import { cartKeys } from '@atelier/session';

/** Every projects list page (cartKeys.projects(params) starts with it). */
const PROJECT_LISTS = ['projects'] as const;

/**
 * After an item changes: the project's totals and items (keyed by its token and, on
 * /projects/:id, by its id; the nav bar's count reads the token's entry) and the projects
 * list's item counts.
 */
export function invalidateProject(
  client: QueryClient,
  cart: Pick<Cart, 'token' | 'project'>,
): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: cartKeys.project(cart.token) }),
    client.invalidateQueries({ queryKey: cartKeys.project(cart.project.id) }),
    client.invalidateQueries({ queryKey: PROJECT_LISTS }),
  ]);
}
