import type { RouteObject } from 'react-router-dom';
import type * as screens from './routes';

type Screen = keyof typeof screens;

/** One payouts screen, its module loaded when the path is first visited. */
const page = (path: string, name: Screen): RouteObject => ({
  path,
  handle: { title: 'Manage' },
  lazy: async () => ({ Component: (await import('./routes'))[name] }),
});

/** Payments due, payout runs and artist payments; mounted before the generic ':type' routes. */
export const payoutRoutes: RouteObject[] = [
  page('payment-due', 'PaymentDueListPage'),
  page('payment-due/run', 'PayoutRunPage'),
  page('payment-due/runs', 'PayoutRunListPage'),
  page('payment-due/:id', 'PaymentDueDetailPage'),
  page('artist-payment', 'ArtistPaymentListPage'),
  page('artist-payment/:id', 'ArtistPaymentDetailPage'),
  page('artist-payment/:id/status-transitions', 'PaymentTransitionsPage'),
  page('artist-payment/:id/status-transitions/:stsToken', 'PaymentTransitionPage'),
];
