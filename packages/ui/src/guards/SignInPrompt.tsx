import { Button, Result } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { SIGN_IN_PROMPT } from './messages';

/** SPEC §2 sign-in prompt, with a way back here after signing in. */
export default function SignInPrompt({ title }: { title: string }) {
  const { pathname, search } = useLocation();
  const href = `/accounts/login?redirect=${encodeURIComponent(pathname + search)}`;
  return (
    <Result
      status="403"
      title={<h1 style={{ fontSize: 'inherit', margin: 0 }}>{title}</h1>}
      subTitle={SIGN_IN_PROMPT}
      extra={
        <Link to={href}>
          <Button type="primary">Sign In</Button>
        </Link>
      }
    />
  );
}
