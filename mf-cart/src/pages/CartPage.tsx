import { Button, Result, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useAuthStore, useCurrentCart, itemCountLabel } from '@atelier/session';

export const EMPTY_CART_TITLE = 'Your project is empty';
export const BROWSE_TOP_SELLING = 'Browse top selling art';

/** The current cart: a cart for guests, a project for signed-in profiles (SPEC §2). */
export function CartPage({ heading = 'Cart' }: { heading?: string }) {
  const user = useAuthStore((s) => s.user);
  const hasProfile = useAuthStore((s) => Boolean(s.user && s.profile));
  const cart = useCurrentCart();
  const itemCount = cart.data?.quantity ?? 0;
  const projectName = cart.data?.project.name ?? null;
  const noun = hasProfile ? 'Project' : 'Cart';
  if (itemCount === 0) {
    return (
      <section aria-labelledby="cart-title">
        <h1 id="cart-title" className="ant-typography" style={{ fontSize: 24 }}>
          {hasProfile && projectName ? projectName : heading === 'Cart' ? noun : heading}
        </h1>
        <Result
          status="info"
          title={EMPTY_CART_TITLE}
          subTitle={itemCountLabel(0)}
          extra={
            <Space orientation="vertical" align="center">
              <Link to="/search?sort=popular">
                <Button type="primary">{BROWSE_TOP_SELLING}</Button>
              </Link>
              {!user && (
                <Space>
                  <Link to="/accounts/login?redirect=%2Fcart">Sign in</Link>
                  <span aria-hidden>·</span>
                  <Link to="/accounts/register?redirect=%2Fcart">Sign up</Link>
                </Space>
              )}
            </Space>
          }
        />
      </section>
    );
  }
  return (
    <section aria-labelledby="cart-title">
      <h1 id="cart-title" style={{ fontSize: 24 }}>
        {projectName ?? noun}
      </h1>
      <p>{itemCountLabel(itemCount)}</p>
    </section>
  );
}
