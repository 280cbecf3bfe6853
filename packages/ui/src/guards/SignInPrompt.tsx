import { Link, useLocation } from 'react-router-dom';
import SignInForm from '../accounts/SignInForm';
import { SIGN_IN_PROMPT } from './messages';

/**
 * SPEC §2 sign-in prompt: the page's guard message with the sign-in form in place. Signing
 * in here updates the session, and the guard then shows the page itself.
 */
export default function SignInPrompt({ title, withForm }: { title: string; withForm: boolean }) {
  const { pathname, search } = useLocation();
  const redirect = `?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <section className="atelier-sign-in-prompt" aria-labelledby="sign-in-prompt-title">
      <h1 id="sign-in-prompt-title">{title}</h1>
      {withForm ? (
        <>
          <p>{SIGN_IN_PROMPT}</p>
          <SignInForm idPrefix="guard-sign-in" />
          <p className="atelier-sign-in-prompt-links">
            <Link to={`/accounts/reset-password${redirect}`}>Forgot your password?</Link>
            {' · '}
            <Link to={`/accounts/register${redirect}`}>Create an account</Link>
          </p>
        </>
      ) : (
        <p>
          <Link
            to={`/accounts/logout?redirect=${encodeURIComponent(`/accounts/login${redirect}`)}`}
          >
            Sign in as another user
          </Link>
        </p>
      )}
    </section>
  );
}
