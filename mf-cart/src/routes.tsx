import type { RouteObject } from 'react-router-dom';

/**
 * mf-cart's routes (SPEC §2): cart, projects, checkout, orders, the customize page and the
 * account dashboard. Each page is its own chunk, loaded when visited.
 */
const routes: RouteObject[] = [
  {
    path: 'cart',
    handle: { title: 'Cart' },
    lazy: async () => ({ Component: (await import('./pages/CartPage')).default }),
  },
  {
    path: 'projects',
    children: [
      {
        index: true,
        handle: { title: 'Projects' },
        lazy: async () => ({ Component: (await import('./pages/ProjectsPage')).default }),
      },
      {
        path: ':id',
        handle: { title: 'Project' },
        lazy: async () => ({ Component: (await import('./pages/ProjectPage')).default }),
      },
      {
        path: ':id/checkout',
        handle: { title: 'Checkout' },
        lazy: async () => ({ Component: (await import('./pages/CheckoutPage')).default }),
      },
    ],
  },
  {
    path: 'checkout',
    children: [
      {
        index: true,
        handle: { title: 'Checkout' },
        lazy: async () => ({ Component: (await import('./pages/CheckoutPage')).default }),
      },
      {
        path: 'confirmation/:id?',
        handle: { title: 'Order Confirmation' },
        lazy: async () => ({ Component: (await import('./pages/ConfirmationPage')).default }),
      },
    ],
  },
  {
    path: 'orders',
    children: [
      {
        index: true,
        handle: { title: 'Orders' },
        lazy: async () => ({ Component: (await import('./pages/OrdersPage')).default }),
      },
      {
        path: ':id',
        handle: { title: 'Order' },
        lazy: async () => ({ Component: (await import('./pages/OrderPage')).default }),
      },
    ],
  },
  {
    path: 'art/design/:id',
    handle: { title: 'Customize' },
    lazy: async () => ({ Component: (await import('./pages/CustomizePage')).default }),
  },
  {
    path: 'dashboard',
    handle: { title: 'Dashboard' },
    lazy: async () => ({ Component: (await import('./pages/DashboardPage')).default }),
  },
];

export default routes;
