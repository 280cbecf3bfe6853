import type { RouteObject } from 'react-router-dom';

const cartPage = (heading?: string) => async () => {
  const { CartPage } = await import('./pages/CartPage');
  return { element: <CartPage heading={heading} /> };
};
const accountList = (title: string) => async () => {
  const { AccountListPage } = await import('./pages/AccountListPage');
  return { element: <AccountListPage title={title} /> };
};

/** mf-cart's routes (SPEC §2): cart, projects, checkout, orders. */
const routes: RouteObject[] = [
  { path: 'cart', handle: { title: 'Cart' }, lazy: cartPage() },
  {
    path: 'projects',
    children: [
      { index: true, handle: { title: 'Projects' }, lazy: accountList('Projects') },
      { path: ':id', handle: { title: 'Project' }, lazy: accountList('Project') },
      { path: ':id/checkout', handle: { title: 'Checkout' }, lazy: accountList('Checkout') },
    ],
  },
  {
    path: 'checkout',
    children: [
      { index: true, handle: { title: 'Checkout' }, lazy: cartPage('Checkout') },
      {
        path: 'confirmation/:id?',
        handle: { title: 'Order Confirmation' },
        lazy: accountList('Order Confirmation'),
      },
    ],
  },
  {
    path: 'orders',
    children: [
      { index: true, handle: { title: 'Orders' }, lazy: accountList('Orders') },
      { path: ':id', handle: { title: 'Order' }, lazy: accountList('Order') },
    ],
  },
];

export default routes;
