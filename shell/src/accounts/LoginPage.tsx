import { Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { AccountCard } from './AccountCard';
import { CredentialsForm } from './CredentialsForm';
import { authRequests } from './auth-requests';
import { safeRedirect } from './safe-redirect';

export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <AccountCard title="Sign In">
      <CredentialsForm
        submitLabel="Sign In"
        defaultEmail={params.get('email') ?? ''}
        onSubmit={async ({ email, password }) => {
          const { access } = await authRequests.createToken(email, password);
          useAuthStore.getState().setAccessToken(access);
          await navigate(safeRedirect(redirect));
        }}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to={`/accounts/reset-password${query}`}>Forgot your password?</Link>
        {' · '}
        <Link to={`/accounts/register${query}`}>Create an account</Link>
      </Typography.Paragraph>
    </AccountCard>
  );
}
