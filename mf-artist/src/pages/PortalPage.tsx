import { Empty, Typography } from 'antd';
import { RequireLogin } from '@atelier/ui';

/** Portal screens that need a signed-in artist; the onboarding work fills them in. */
export function PortalPage({ title }: { title: string }) {
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
