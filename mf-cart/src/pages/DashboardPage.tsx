import { Typography } from 'antd';
import { useAuthStore } from '@atelier/session';
import { RequireLogin, usePageTitle } from '@atelier/ui';
import { Dashboard } from '../features/dashboard/components/Dashboard';
import { DASHBOARD_MESSAGES } from '../features/dashboard/messages';

function SignedInDashboard() {
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  return (
    <>
      <Typography.Paragraph type="secondary">
        Signed in as {user.name || user.email}
      </Typography.Paragraph>
      <Dashboard userUuid={user.uuid} />
    </>
  );
}

/** /dashboard: the signed-in user's projects, orders, favourites and collections. */
export default function DashboardPage() {
  usePageTitle(DASHBOARD_MESSAGES.title);
  return (
    <RequireLogin>
      <section aria-labelledby="dashboard-title">
        <Typography.Title id="dashboard-title" level={1} style={{ fontSize: 24 }}>
          {DASHBOARD_MESSAGES.title}
        </Typography.Title>
        <SignedInDashboard />
      </section>
    </RequireLogin>
  );
}
