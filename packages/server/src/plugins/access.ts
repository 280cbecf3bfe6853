import type { FastifyInstance, RouteOptions } from 'fastify';
import { requireStaff, requireUser } from './auth';
import { DOCS_PREFIX } from './openapi';

/**
 * Who may call a route. Every API route declares one in its options
 * (`config: { access: 'user' }`): the route table is then the authorization documentation,
 * and the authorization matrix test (src/test/authz) checks every route against it for
 * anonymous, guest, customer, artist, staff and a second customer.
 *
 * - `public`: anyone; never 401/403 for who the caller is.
 * - `session`: anyone; a guest gets a browser session (and its cookie) when the route needs one.
 * - `user`: signed in; anonymous callers and guests get 401.
 * - `staff`: staff; 401 without a user, 403 for a user who is not staff.
 * - `artist`: an approved artist (a user with an approved artist profile) or staff; 401
 *   without a user, 403 for any other user (the route checks the profile).
 * - `owner`: the resource named in the path is answered to its owner (and to staff, where the
 *   route lets staff act for customers: not migrate-cart); anyone else gets 404, as if it did
 *   not exist (no IDOR, no existence leak), or 401 first when the route needs a user.
 *   Resources public by design stay public: a guest cart by its token, an order by its link
 *   token, a public collection.
 * - `webhook`: no user at all; the request's signature decides (400 without a valid one).
 */
const ACCESS_LEVELS = ['public', 'session', 'user', 'staff', 'artist', 'owner', 'webhook'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

/** A route whose body names one action (`{"publish": true}`): each action's level. */
interface ActionAccess {
  readonly action: Readonly<Record<string, AccessLevel>>;
}

type Access = AccessLevel | ActionAccess;

/** One method of one route, as registered, with what it declared. */
export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route answers with a server-sent event stream (config.eventStream). */
  eventStream?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: required on every API route (see plugins/access.ts). */
    access?: Access;
    /**
     * The route answers 200 with a text/event-stream that stays open (never compressed, no
     * socket timeout): test harnesses read its first event instead of waiting for its end.
     */
    eventStream?: boolean;
  }
  interface FastifyInstance {
    /** Every API route and method with its declared access, in registration order. */
    routeAccess: readonly RouteAccess[];
  }
}

/** The paths whose viewer the auth plugin resolves: each must say who may call it. */
const API_ROUTE = /^\/(api|auth|accounts|content)(\/|$)/;

const isLevel = (value: unknown): value is AccessLevel =>
  (ACCESS_LEVELS as readonly unknown[]).includes(value);

function isAccess(value: unknown): value is Access {
  if (isLevel(value)) return true;
  if (typeof value !== 'object' || value === null || !('action' in value)) return false;
  const actions: unknown = value.action;
  return (
    typeof actions === 'object' &&
    actions !== null &&
    Object.keys(actions).length > 0 &&
    Object.values(actions).every(isLevel)
  );
}

/** The API's own documentation (@fastify/swagger-ui takes no route options): public. */
const isDocs = (url: string) => url === DOCS_PREFIX || url.startsWith(`${DOCS_PREFIX}/`);

type Hook = NonNullable<RouteOptions['preValidation']>;

/** The declared level enforced too, so that a route cannot say 'staff' and forget to check. */
function withGuard(
  existing: RouteOptions['preValidation'],
  level: 'user' | 'staff' | 'artist',
): Hook {
  const guard = async (request: Parameters<typeof requireUser>[0]) => {
    if (level === 'staff') requireStaff(request);
    else requireUser(request);
  };
  return [guard, ...(existing === undefined ? [] : [existing].flat())] as Hook;
}

/**
 * Refuses to register an API route without an access declaration (so a new route without
 * one fails at start-up, in every test), enforces 'user' and 'staff', and keeps the table.
 * Register before any route.
 */
export function registerAccess(app: FastifyInstance): void {
  const table: RouteAccess[] = [];
  app.decorate('routeAccess', table);
  app.addHook('onRoute', (route) => {
    if (!API_ROUTE.test(route.url)) return;
    const methods = [route.method].flat();
    if (route.config?.access === undefined && isDocs(route.url)) {
      route.config = { ...route.config, access: 'public' };
    }
    const access: unknown = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(
        `${methods.join(',')} ${route.url}: no valid access declaration. Add ` +
          `config: { access: '${ACCESS_LEVELS.join("' | '")}' } to its options ` +
          '(src/plugins/access.ts says what each means).',
      );
    }
    if (access === 'user' || access === 'staff' || access === 'artist') {
      route.preValidation = withGuard(route.preValidation, access);
    }
    const eventStream = route.config?.eventStream === true ? { eventStream: true as const } : {};
    for (const method of methods) table.push({ method, url: route.url, access, ...eventStream });
  });
}
