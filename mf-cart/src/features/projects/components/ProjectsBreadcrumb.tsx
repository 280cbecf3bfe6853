import { Breadcrumb } from 'antd';
import HomeOutlined from '@ant-design/icons/HomeOutlined';
import { Link } from 'react-router-dom';
import { PROJECTS_TEXT } from '../constants';

/** SPEC §2 list breadcrumbs: a home icon, then the plural title. */
export function ProjectsBreadcrumb() {
  return (
    <Breadcrumb
      items={[
        {
          title: (
            <Link to="/" aria-label={PROJECTS_TEXT.home}>
              <HomeOutlined />
            </Link>
          ),
        },
        { title: PROJECTS_TEXT.title },
      ]}
    />
  );
}
