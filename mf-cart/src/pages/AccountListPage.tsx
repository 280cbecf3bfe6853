import { Empty, Typography } from 'antd';
import { RequireLogin } from '@atelier/ui';

/**
 * Projects and orders belong to a signed-in account. The lists are filled by the cart and
 * checkout work; until an account has any, they say so.
 */
export function AccountListPage({ title }: { title: string }) {
  return (
    <RequireLogin>
      <section>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {title}
        </Typography.Title>
        <Empty description="List is empty" />
      </section>
    </RequireLogin>
  );
}
