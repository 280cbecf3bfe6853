import { Grid, Menu, Skeleton } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { buildManageMenu, menuKeyOf } from '../../shared/build-manage-menu';
import { useApiRoot } from '../../shared/use-api-root';

/**
 * SPEC §2: a sidebar menu on the left, nested routes in the main column; on a phone the
 * menu is a bar above the page that folds what does not fit.
 */
export function ManageLayout() {
  const root = useApiRoot();
  const { pathname } = useLocation();
  const wide = Grid.useBreakpoint().md !== false;
  const selected = menuKeyOf(pathname);
  const menu = root.isSuccess && (
    <Menu
      mode={wide ? 'inline' : 'horizontal'}
      selectedKeys={[selected]}
      items={buildManageMenu(root.data).map((entry) => ({
        key: entry.key,
        label: <Link to={entry.href}>{entry.label}</Link>,
      }))}
    />
  );
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: wide ? '220px minmax(0, 1fr)' : 'minmax(0, 1fr)',
        gap: wide ? 24 : 12,
      }}
    >
      <nav aria-label="Manage">
        {root.isPending && <Skeleton active paragraph={{ rows: wide ? 6 : 1 }} />}
        {root.isError && <ErrorDisplay error={root.error} />}
        {menu}
      </nav>
      <div>
        <Outlet />
      </div>
    </div>
  );
}
