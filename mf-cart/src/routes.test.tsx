import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import routes from './routes';

beforeEach(() => useAuthStore.setState({ user: null, status: 'ready' }));

it.each([
  '/projects',
  '/projects/3',
  '/projects/3/checkout',
  '/orders',
  '/orders/9',
  '/checkout/confirmation/9',
])('%s needs login', async (path) => {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  expect(await screen.findByText('This page requires login.')).toBeInTheDocument();
});

it.each(['/cart', '/checkout'])('%s is open to guests', async (path) => {
  render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: [path] })} />);
  expect(await screen.findByText('Your project is empty')).toBeInTheDocument();
});
