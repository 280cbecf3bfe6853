import { COMMERCE_MESSAGES, type Order } from '@atelier/contracts';
import { ApiError } from '../../lib/errors';
import type { CheckoutRepository } from './repository';
import { createCheckoutService, type CheckoutServiceDeps } from './service';

/** A dependency the path under test must never reach. */
const untouched = <T extends object>(name: string): T =>
  new Proxy({} as T, {
    get(_target, property) {
      throw new Error(`${name}.${String(property)} was used`);
    },
  });

const PLACED_ORDER_ROW = 7;
const project = { id: 3, token: 'p'.repeat(32), name: 'Cart', owner_id: null };

/**
 * The race a concurrent checkout with the same key loses by a hair: its first read of the
 * key misses, and the winner (same key) commits the order and the key before the project's
 * order is read.
 */
function repositoryCommittedBetweenReads(winnerKey: string): CheckoutRepository {
  let keyReads = 0;
  return {
    findProject: () => Promise.resolve(project),
    orderForKey: (_projectId, key) => {
      keyReads += 1;
      return Promise.resolve(keyReads > 1 && key === winnerKey ? PLACED_ORDER_ROW : undefined);
    },
    orderForProject: () => Promise.resolve(PLACED_ORDER_ROW),
    transaction: () => Promise.reject(new Error('an ordered project must not start a checkout')),
  };
}

function service(repository: CheckoutRepository) {
  const order = { id: 'the-order' } as unknown as Order;
  const deps: CheckoutServiceDeps = {
    repository,
    orders: {
      ...untouched<CheckoutServiceDeps['orders']>('orders'),
      present: (row: number) =>
        row === PLACED_ORDER_ROW ? Promise.resolve(order) : Promise.reject(new Error('no row')),
    },
    payments: untouched('payments'),
    mailer: untouched('mailer'),
    popularity: untouched('popularity'),
    log: untouched('log'),
  };
  return { checkout: createCheckoutService(deps), order };
}

const attempt = (repository: CheckoutRepository, idempotencyKey: string) => {
  const { checkout, order } = service(repository);
  return {
    order,
    result: checkout.checkout({
      viewer: untouched('viewer'),
      project,
      idempotencyKey,
      body: untouched('body'),
      origin: null,
    }),
  };
};

describe('a checkout that finds its project already ordered', () => {
  it('replays the order when its own key placed it, even if the key was first read too early', async () => {
    const { result, order } = attempt(repositoryCommittedBetweenReads('shared-key'), 'shared-key');
    await expect(result).resolves.toEqual({ order, created: false });
  });

  it('is refused with 409 when another key placed it', async () => {
    const { result } = attempt(repositoryCommittedBetweenReads('shared-key'), 'own-key');
    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(409);
    expect((error as ApiError).body).toEqual({ detail: COMMERCE_MESSAGES.alreadyOrdered });
  });
});
