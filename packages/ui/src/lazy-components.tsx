import { lazy, Suspense } from 'react';
import type { CredentialsFormProps } from './accounts/CredentialsForm';
import type { EntityFormProps } from './entity-form/EntityForm';
import type { SignInFormProps } from './accounts/SignInForm';
import { Loading } from './feedback/Loading';
import type { FormAlert } from './forms/server-errors';
import type { PaginationBarProps } from './pagination/PaginationBar';
import { formatResultCount } from './pagination/pagination-rules';
import type { TypeaheadProps } from './typeahead/Typeahead';

/*
 * @atelier/ui is one shared module, so whatever its entry imports statically is in every
 * page's first load. Forms pull in antd's Form and Input and react-hook-form: they load
 * when a page first renders one, each behind its own Suspense so the page around stays.
 */
const LazyCredentialsForm = lazy(() => import('./accounts/CredentialsForm'));
const LazySignInForm = lazy(() => import('./accounts/SignInForm'));
const LazyFormAlertView = lazy(() => import('./forms/FormAlertView'));
const LazyPaginationBar = lazy(() => import('./pagination/PaginationBar'));
const LazyTypeahead = lazy(() => import('./typeahead/Typeahead'));
const LazyEntityForm = lazy(() => import('./entity-form/EntityForm'));

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

/** SPEC §2 Pagination bar; antd's Select and Input load with the first list that shows one. */
export function PaginationBar(props: PaginationBarProps) {
  const { count, formatCount = formatResultCount, ariaLabel = 'Pagination' } = props;
  return (
    <Suspense
      fallback={
        <nav aria-label={ariaLabel} aria-busy="true">
          {formatCount(count)}
        </nav>
      }
    >
      <LazyPaginationBar {...props} />
    </Suspense>
  );
}

/** A search box listing matches as you type (SPEC §5); its antd Select loads when shown. */
export function Typeahead<T>(props: TypeaheadProps<T>) {
  return (
    <Suspense
      fallback={
        <input
          aria-label={props.label}
          placeholder={props.placeholder}
          className={props.className}
          style={props.style}
          disabled
        />
      }
    >
      <LazyTypeahead {...(props as TypeaheadProps<unknown>)} />
    </Suspense>
  );
}

/** SPEC §5 generic entity form from OPTIONS metadata; it loads with the first form shown. */
export function EntityForm(props: EntityFormProps) {
  return (
    <Suspense fallback={<Loading label="Loading the form" />}>
      <LazyEntityForm {...props} />
    </Suspense>
  );
}
