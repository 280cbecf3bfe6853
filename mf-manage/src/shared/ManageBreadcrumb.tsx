import type { ReactNode } from 'react';
import { Breadcrumb } from 'antd';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { Link } from 'react-router-dom';
import { pluralTitle } from './build-manage-menu';

/** SPEC §2: a home icon, then the plural title, then what is open. */
export function ManageBreadcrumb({
  type,
  trail = [],
}: {
  type: string;
  trail?: Array<{ title: ReactNode; href?: string }>;
}) {
  const plural = pluralTitle(type);
  return (
    <Breadcrumb
      style={{ marginBottom: 8 }}
      items={[
        {
          title: (
            <Link to="/manage" aria-label="Manage home">
              <HomeOutlined />
            </Link>
          ),
        },
        { title: trail.length > 0 ? <Link to={`/manage/${type}`}>{plural}</Link> : plural },
        ...trail.map((item) => ({
          title: item.href ? <Link to={item.href}>{item.title}</Link> : item.title,
        })),
      ]}
    />
  );
}
