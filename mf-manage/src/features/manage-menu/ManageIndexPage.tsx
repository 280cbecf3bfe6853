import { Card, Col, Row, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { buildManageMenu } from '../../shared/build-manage-menu';
import { useApiRoot } from '../../shared/use-api-root';

/** /manage: the index menu, built from `GET /api/`. */
export function ManageIndexPage() {
  const root = useApiRoot();
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        Manage
      </Typography.Title>
      {root.isPending && <Skeleton active />}
      {root.isError && <ErrorDisplay error={root.error} />}
      {root.isSuccess && (
        <Row gutter={[16, 16]}>
          {buildManageMenu(root.data).map((entry) => (
            <Col key={entry.key} xs={24} sm={12} lg={8}>
              <Link to={entry.href}>
                <Card hoverable size="small">
                  {entry.label}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </section>
  );
}
