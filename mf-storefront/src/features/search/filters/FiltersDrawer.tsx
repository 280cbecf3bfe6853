import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/** The Filters panel on a small screen: a drawer from the left, opened by the Filters button. */
export function FiltersDrawer({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer title={null} placement="left" open={open} onClose={onClose} width={300}>
      {children}
    </Drawer>
  );
}
