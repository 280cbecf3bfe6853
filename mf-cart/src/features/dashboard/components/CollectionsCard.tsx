import { List, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useMyCollections } from '../api/list-my-collections';
import { DASHBOARD_LINKS, DASHBOARD_MESSAGES } from '../messages';
import { DashboardCard } from './DashboardCard';

const countLabel = (n: number) => (n === 1 ? '1 image' : `${n} images`);

export function CollectionsCard({ ownerUuid }: { ownerUuid: string }) {
  const collections = useMyCollections(ownerUuid);
  return (
    <DashboardCard
      title={DASHBOARD_MESSAGES.collections}
      to={DASHBOARD_LINKS.collections}
      query={collections}
      isEmpty={(mine) => mine.results.length === 0}
      empty={DASHBOARD_MESSAGES.noCollections}
    >
      {(mine) => (
        <List
          size="small"
          dataSource={mine.results}
          rowKey="id"
          renderItem={(collection) => (
            <List.Item>
              <Link to={`/collections/${collection.id}`}>{collection.name}</Link>
              <Typography.Text type="secondary">
                {countLabel(collection.contents.length)}
              </Typography.Text>
            </List.Item>
          )}
        />
      )}
    </DashboardCard>
  );
}
