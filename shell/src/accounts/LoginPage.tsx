import { Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { SignInForm } from '@atelier/ui';
import { AccountCard } from './AccountCard';
import { safeRedirect } from './safe-redirect';

/** /accounts/login?redirect=…&email=…: signs in, then goes to the redirect or home. */
export function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : '';
  return (
    <AccountCard title="Sign In">
      <SignInForm
        defaultEmail={params.get('email') ?? ''}
        onSignedIn={() => navigate(safeRedirect(redirect), { replace: true })}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        <Link to={`/accounts/reset-password${query}`}>Forgot your password?</Link>
        {' · '}
        <Link to={`/accounts/register${query}`}>Create an account</Link>
      </Typography.Paragraph>
    </AccountCard>
  );
}
