import type { Kysely } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { Mailer } from '../../lib/mail';
import { createPayments } from '../../lib/payments';
import { createCheckoutRepository } from '../checkout';
import { checkoutRoutes } from '../checkout';
import { createCheckoutService } from '../checkout/service';
import type { PopularityRecorder } from '../popularity';
import { createOrderRepository } from './repository';
import { orderRoutes } from './routes';
import { createOrderService } from './service';
import { createStaffOrderRepository } from './staff-repository';
import { staffOrderRoutes } from './staff-routes';

export interface CommerceOptions {
  db: Kysely<DB>;
  mailer: Mailer;
  popularity: PopularityRecorder;
  config: Pick<
    Config,
    | 'publicUrl'
    | 'allowedHosts'
    | 'stripeSecretKey'
    | 'stripeWebhookSecret'
    | 'stripePublishableKey'
    | 'stripeApiUrl'
  >;
}

/** Checkout, orders, payment methods and the Stripe webhook, wired to their providers. */
export const checkoutAndOrderRoutes: FastifyPluginAsync<CommerceOptions> = async (
  app,
  { db, mailer, popularity, config },
) => {
  const payments = createPayments(config);
  const orders = createOrderService({
    repository: createOrderRepository(db),
    staffRepository: createStaffOrderRepository(db),
    payments,
    mailer,
    log: app.log,
  });
  const links = { publicUrl: config.publicUrl, allowedHosts: config.allowedHosts };
  await app.register(orderRoutes, { orders, payments, links });
  await app.register(staffOrderRoutes, { orders });
  await app.register(checkoutRoutes, {
    checkout: createCheckoutService({
      repository: createCheckoutRepository(db),
      orders,
      payments,
      mailer,
      popularity,
      log: app.log,
    }),
    links,
  });
};
