import { Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { authActions } from '@atelier/session';
import { CredentialsForm } from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { safeRedirect } from './safe-redirect';

/** /accounts/register: creates the account and signs in with it. */
export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <AccountCard title="Sign Up">
      <CredentialsForm
        submitLabel="Sign Up"
        idPrefix="sign-up"
        passwordAutoComplete="new-password"
        defaultEmail={params.get('email') ?? ''}
        onSubmit={async ({ email, password }) => {
          await authActions.register({ email, password });
          await navigate(safeRedirect(redirect), { replace: true });
        }}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        Already have an account? <Link to={`/accounts/login${query}`}>Sign in</Link>
      </Typography.Paragraph>
    </AccountCard>
  );
}
