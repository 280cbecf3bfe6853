import { Grid, Menu, Skeleton } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { buildManageMenu } from './build-manage-menu';
import { useApiRoot } from './use-api-root';

/** SPEC §2: a sidebar menu on the left, nested routes in the main column. */
export function ManageLayout() {
  const root = useApiRoot();
  const { pathname } = useLocation();
  const selected = pathname.split('/')[2] ?? '';
  // Below md (SPEC §9: 768) the menu is a bar above the page, not a column beside it.
  const narrow = Grid.useBreakpoint().md === false;
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: narrow ? 'minmax(0, 1fr)' : '220px minmax(0, 1fr)',
        gap: narrow ? 12 : 24,
      }}
    >
      <nav aria-label="Manage">
        {root.isPending && <Skeleton active />}
        {root.isError && <ErrorDisplay error={root.error} />}
        {root.isSuccess && (
          <Menu
            mode={narrow ? 'horizontal' : 'inline'}
            selectedKeys={[selected]}
            items={buildManageMenu(root.data).map((entry) => ({
              key: entry.key,
              label: <Link to={entry.href}>{entry.label}</Link>,
            }))}
          />
        )}
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
