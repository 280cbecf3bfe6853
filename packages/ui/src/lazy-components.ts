import { lazy } from 'react';

/*
 * @atelier/ui is one shared module, so whatever its entry imports statically is in every
 * page's first load. Forms pull in antd's Form and Input and react-hook-form: they load
 * when a page first renders one (inside the page's Suspense boundary).
 */
export const CredentialsForm = lazy(() => import('./accounts/CredentialsForm'));
export const SignInForm = lazy(() => import('./accounts/SignInForm'));
export const FormAlertView = lazy(() => import('./forms/FormAlertView'));
