import { Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AccountCard } from './AccountCard';
import { CredentialsForm } from './CredentialsForm';
import { authRequests } from './auth-requests';

export function RegisterPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const redirect = params.get('redirect');
  return (
    <AccountCard title="Sign Up">
      <CredentialsForm
        submitLabel="Sign Up"
        onSubmit={async ({ email, password }) => {
          await authRequests.register(email, password);
          const query = new URLSearchParams({ email, ...(redirect ? { redirect } : {}) });
          await navigate(`/accounts/login?${query.toString()}`);
        }}
      />
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
        Already have an account? <Link to="/accounts/login">Sign in</Link>
      </Typography.Paragraph>
    </AccountCard>
  );
}
