import { authActions } from '@atelier/session';
import CredentialsForm from './CredentialsForm';

export interface SignInFormProps {
  defaultEmail?: string;
  idPrefix?: string;
  /** After the user data has loaded. */
  onSignedIn?: () => void | Promise<void>;
}

/** SPEC §4 login flow behind the sign-in form; used by /accounts/login and the guards. */
function SignInForm({ defaultEmail, idPrefix = 'sign-in', onSignedIn }: SignInFormProps) {
  return (
    <CredentialsForm
      submitLabel="Sign In"
      idPrefix={idPrefix}
      {...(defaultEmail === undefined ? {} : { defaultEmail })}
      onSubmit={async ({ email, password }) => {
        await authActions.signIn(email, password);
        await onSignedIn?.();
      }}
    />
  );
}

export default SignInForm;
