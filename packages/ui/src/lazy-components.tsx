import { lazy, Suspense } from 'react';
import type { CredentialsFormProps } from './accounts/CredentialsForm';
import type { EntityFormProps } from './entity-form/EntityForm';
import type { SignInFormProps } from './accounts/SignInForm';
import { Loading } from './feedback/Loading';
import type { FormAlert } from './forms/server-errors';
import type { PaginationBarProps } from './pagination/PaginationBar';
import { formatResultCount } from './pagination/pagination-rules';
import type { TypeaheadProps } from './typeahead/Typeahead';
import type { FieldValues } from 'react-hook-form';
import type { UploadFieldsProps } from './upload/UploadFields';
import type { UploadQueueProps } from './upload/UploadQueue';

/*
 * @atelier/ui is one shared module, so whatever its entry imports statically is in every
 * page's first load. Forms pull in antd's Form and Input and react-hook-form: they load
 * when a page first renders one, each behind its own Suspense so the page around stays.
 */
const LazyCredentialsForm = lazy(() => import('./accounts/CredentialsForm'));
const LazySignInForm = lazy(() => import('./accounts/SignInForm'));
const LazyFormAlertView = lazy(() => import('./forms/FormAlertView'));
const loadPaginationBar = () => import('./pagination/PaginationBar');
const LazyPaginationBar = lazy(loadPaginationBar);

/**
 * Starts fetching the pagination bar's code: a page that always shows one calls it when it
 * loads, so the bar is there with the first results instead of its one-line stand-in (which
 * is shorter than the wrapped bar on a phone, and the results would move down).
 */
export function preloadPaginationBar(): void {
  void loadPaginationBar();
}
const LazyTypeahead = lazy(() => import('./typeahead/Typeahead'));
const LazyEntityForm = lazy(() => import('./entity-form/EntityForm'));
const LazyUploadFields = lazy(() => import('./upload/UploadFields'));
const LazyUploadQueue = lazy(() => import('./upload/UploadQueue'));
const LazyPrintReadiness = lazy(() => import('./upload/PrintReadiness'));

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

/**
 * The bar's controls (page size, previous, page input, next) measured 268 × 24 px: its
 * stand-in keeps a box of that size beside the count, so it wraps on a phone as the bar does
 * and the results below do not move when the bar arrives.
 */
const PAGINATION_CONTROLS_BOX = { width: 268, height: 24 } as const;

/** SPEC §2 Pagination bar; antd's Select and Input load with the first list that shows one. */
export function PaginationBar(props: PaginationBarProps) {
  const { count, formatCount = formatResultCount, ariaLabel = 'Pagination' } = props;
  return (
    <Suspense
      fallback={
        <nav aria-label={ariaLabel} aria-busy="true">
          <div
            style={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 8,
            }}
          >
            <span>{formatCount(count)}</span>
            <span aria-hidden style={{ ...PAGINATION_CONTROLS_BOX, maxWidth: '100%' }} />
          </div>
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

/** The pictures being sent (resumable uploads): progress, state and trouble per picture. */
export function UploadQueue(props: UploadQueueProps) {
  return (
    <Suspense fallback={<Loading label="Loading the pictures" />}>
      <LazyUploadQueue {...props} />
    </Suspense>
  );
}

/** Per substrate, the largest standard size a picture of these pixels prints at 300 dpi. */
export function PrintReadiness(props: { width: number; height: number }) {
  return (
    <Suspense fallback={null}>
      <LazyPrintReadiness {...props} />
    </Suspense>
  );
}

/** The upload form's fields from OPTIONS metadata (SPEC §5); antd's inputs load when shown. */
export function UploadFields<T extends FieldValues>(props: UploadFieldsProps<T>) {
  return (
    <Suspense fallback={<Loading label="Loading the form" />}>
      <LazyUploadFields {...(props as unknown as UploadFieldsProps<FieldValues>)} />
    </Suspense>
  );
}
