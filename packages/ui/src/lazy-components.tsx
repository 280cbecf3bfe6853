import { lazy, Suspense } from 'react';
import type { CredentialsFormProps } from './accounts/CredentialsForm';
import type { SignInFormProps } from './accounts/SignInForm';
import { Loading } from './feedback/Loading';
import type { FormAlert } from './forms/server-errors';

/*
 * @atelier/ui is one shared module, so whatever its entry imports statically is in every
 * page's first load. Forms pull in antd's Form and Input and react-hook-form: they load
 * when a page first renders one, each behind its own Suspense so the page around stays.
 */
const LazyCredentialsForm = lazy(() => import('./accounts/CredentialsForm'));
const LazySignInForm = lazy(() => import('./accounts/SignInForm'));
const LazyFormAlertView = lazy(() => import('./forms/FormAlertView'));

export function CredentialsForm(props: CredentialsFormProps) {
  return (
    <Suspense fallback={<Loading label="Loading the form" />}>
      <LazyCredentialsForm {...props} />
    </Suspense>
  );
}

export function SignInForm(props: SignInFormProps) {
  return (
    <Suspense fallback={<Loading label="Loading the form" />}>
      <LazySignInForm {...props} />
    </Suspense>
  );
}

/** The alert above a form, loaded only when there is something to say. */
export function FormAlertView({ alert }: { alert: FormAlert | null }) {
  if (!alert) return null;
  return (
    <Suspense fallback={null}>
      <LazyFormAlertView alert={alert} />
    </Suspense>
  );
}
