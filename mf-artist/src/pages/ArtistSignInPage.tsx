import { Button, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';

interface ArtistSignInPageProps {
  title: string;
  /** Where a signed-in artist goes next. */
  next: string;
  nextLabel: string;
}

/**
 * Artist screens open to visitors (SPEC §2 does not mark them as needing login): a visitor is
 * asked to sign in or create an account and comes back to `next`; a signed-in user goes on.
 */
export function ArtistSignInPage({ title, next, nextLabel }: ArtistSignInPageProps) {
  const user = useAuthStore((s) => s.user);
  const redirect = encodeURIComponent(next);
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {title}
      </Typography.Title>
      {user ? (
        <Link to={next}>
          <Button type="primary">{nextLabel}</Button>
        </Link>
      ) : (
        <>
          <Typography.Paragraph>
            Sign in to your artist account, or create one to start selling your work.
          </Typography.Paragraph>
          <Space>
            <Link to={`/accounts/login?redirect=${redirect}`}>
              <Button type="primary">Sign In</Button>
            </Link>
            <Link to={`/accounts/register?redirect=${redirect}`}>
              <Button>Create an account</Button>
            </Link>
          </Space>
        </>
      )}
    </section>
  );
}
