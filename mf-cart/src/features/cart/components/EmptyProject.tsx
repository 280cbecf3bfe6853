import { Result, Space, theme } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { CART_TEXT } from '../constants';

const withRedirect = (path: string, redirect: string) =>
  `${path}?redirect=${encodeURIComponent(redirect)}`;

/** SPEC §2 empty state: browse top selling art, and for guests sign in / sign up. */
export function EmptyProject({ guest }: { guest: boolean }) {
  const { pathname } = useLocation();
  const { token } = theme.useToken();
  return (
    <Result
      status="info"
      title={CART_TEXT.empty}
      extra={
        <Space orientation="vertical" align="center">
          <Link
            to={CART_TEXT.browseHref}
            style={{
              display: 'inline-block',
              padding: '6px 16px',
              borderRadius: token.borderRadius,
              background: token.colorPrimary,
              color: token.colorTextLightSolid,
            }}
          >
            {CART_TEXT.browse}
          </Link>
          {guest && (
            <Space>
              <Link to={withRedirect('/accounts/login', pathname)}>{CART_TEXT.signIn}</Link>
              <span aria-hidden>·</span>
              <Link to={withRedirect('/accounts/register', pathname)}>{CART_TEXT.signUp}</Link>
            </Space>
          )}
        </Space>
      }
    />
  );
}
