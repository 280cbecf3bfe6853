import { Col, Row } from 'antd';
import { CollectionsCard } from './CollectionsCard';
import { FavoritesCard } from './FavoritesCard';
import { RecentOrdersCard } from './RecentOrdersCard';
import { RecentProjectsCard } from './RecentProjectsCard';

/** Four cards: two across on wide screens, one column on phones. */
export function Dashboard({ userUuid }: { userUuid: string }) {
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <RecentProjectsCard />
      </Col>
      <Col xs={24} md={12}>
        <RecentOrdersCard />
      </Col>
      <Col xs={24} md={12}>
        <FavoritesCard />
      </Col>
      <Col xs={24} md={12}>
        <CollectionsCard ownerUuid={userUuid} />
      </Col>
    </Row>
  );
}
