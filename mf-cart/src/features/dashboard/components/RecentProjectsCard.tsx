import { List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { itemCountLabel } from '@atelier/session';
import { useRecentProjects } from '../api/list-recent-projects';
import { DASHBOARD_LINKS, DASHBOARD_MESSAGES } from '../messages';
import { DashboardCard } from './DashboardCard';

export function RecentProjectsCard() {
  const projects = useRecentProjects();
  return (
    <DashboardCard
      title={DASHBOARD_MESSAGES.projects}
      to={DASHBOARD_LINKS.projects}
      query={projects}
      isEmpty={(page) => page.results.length === 0}
      empty={DASHBOARD_MESSAGES.noProjects}
    >
      {(page) => (
        <List
          size="small"
          dataSource={page.results}
          rowKey="token"
          renderItem={(project) => (
            <List.Item>
              <Link to={`/projects/${project.project.id}`}>{project.project.name}</Link>
              <Typography.Text type="secondary">
                {project.latest_order ? 'Ordered' : itemCountLabel(project.quantity)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </DashboardCard>
  );
}
