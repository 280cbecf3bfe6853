import { Navigate, type RouteObject } from 'react-router-dom';

/** SPEC §2 /accounts…: the shell's own pages, each loaded on demand. */
export const accountRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="/accounts/login" replace /> },
  {
    path: 'login',
    handle: { title: 'Sign In' },
    lazy: async () => ({ Component: (await import('./LoginPage')).LoginPage }),
  },
  {
    path: 'register',
    handle: { title: 'Sign Up' },
    lazy: async () => ({ Component: (await import('./RegisterPage')).RegisterPage }),
  },
  {
    path: 'reset-password/:email?',
    handle: { title: 'Forgot Password' },
    lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }),
  },
  {
    path: 'reset-password-confirm/:uid?/:token?',
    handle: { title: 'Set Password' },
    lazy: async () => ({
      Component: (await import('./ResetPasswordConfirmPage')).ResetPasswordConfirmPage,
    }),
  },
  {
    path: 'logout',
    handle: { title: 'Signing Out' },
    lazy: async () => ({ Component: (await import('./LogoutPage')).LogoutPage }),
  },
];
