import { Breadcrumb } from 'antd';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { Link } from 'react-router-dom';

/** SPEC §2 generic list breadcrumbs: a home icon, then Collections, then the page's own trail. */
export function CollectionsBreadcrumb({
  trail = [],
}: {
  trail?: Array<{ label: string; to?: string }>;
}) {
  const items = [
    {
      key: 'home',
      title: (
        <Link to="/" aria-label="Home">
          <HomeOutlined aria-hidden />
        </Link>
      ),
    },
    {
      key: 'collections',
      title: trail.length > 0 ? <Link to="/collections">Collections</Link> : 'Collections',
    },
    ...trail.map((crumb, index) => ({
      key: `trail-${index}`,
      title: crumb.to ? <Link to={crumb.to}>{crumb.label}</Link> : crumb.label,
    })),
  ];
  return <Breadcrumb items={items} style={{ marginBottom: 8 }} />;
}
