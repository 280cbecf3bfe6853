import type { FastifyInstance } from 'fastify';
import { ApiError, notFound, type ErrorTree } from '../lib/errors';

/** DRF's message (ProhibitNullCharactersValidator on every CharField). */
export const NULL_CHARACTERS = 'Null characters are not allowed.';

interface Node {
  value: unknown;
  key: string;
  parent: Node | null;
}

const pathOf = (node: Node | null): string[] => {
  const path: string[] = [];
  for (let at = node; at?.parent; at = at.parent) path.unshift(at.key);
  return path;
};

/**
 * The path to a string (or key) holding a NUL character, or null. PostgreSQL's text types
 * cannot hold NUL: such a string must be refused before it reaches a query. Walks without
 * recursion: a JSON body may nest thousands deep.
 */
export function nulPath(value: unknown): string[] | null {
  const stack: Node[] = [{ value, key: '', parent: null }];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return pathOf(node);
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    for (const [key, child] of Object.entries(current)) {
      if (key.includes('\u0000')) return node.parent ? pathOf(node) : ['non_field_errors'];
      stack.push({ value: child, key, parent: node });
    }
  }
  return null;
}

function errorAt(path: string[]): ErrorTree {
  const keys = path.length > 0 ? path : ['non_field_errors'];
  const tree: ErrorTree = {};
  let node = tree;
  keys.forEach((key, i) => {
    if (i === keys.length - 1) node[key] = [NULL_CHARACTERS];
    else node = node[key] = {};
  });
  return tree;
}

/**
 * Refuses a NUL character anywhere in a request's query or JSON body with DRF's 400 naming
 * the field, and in a path parameter with 404 (no resource is named by it, as Django's URL
 * lookup finds none). Runs after validation (as DRF validates a field, after the
 * authentication and permission checks) and before every handler, current and future.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    if (nulPath(request.params)) throw notFound();
    for (const part of [request.query, request.body]) {
      const path = nulPath(part);
      if (path) throw new ApiError(400, errorAt(path));
    }
  });
}
