import { Empty, List, Skeleton, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { useCollections } from '../features/collections/api/collections';

export function CollectionsPage() {
  const collections = useCollections();
  return (
    <section aria-labelledby="collections-title">
      <Typography.Title id="collections-title" level={1} style={{ fontSize: 24 }}>
        Collections
      </Typography.Title>
      {collections.isPending && <Skeleton active />}
      {collections.isError && <ErrorDisplay error={collections.error} />}
      {collections.isSuccess &&
        (collections.data.results.length === 0 ? (
          <Empty description="List is empty" />
        ) : (
          <List
            dataSource={collections.data.results}
            renderItem={(collection) => (
              <List.Item>
                <List.Item.Meta
                  title={<Link to={`/collections/${collection.id}`}>{collection.name}</Link>}
                  description={`${collection.contents.length} works · ${collection.description}`}
                />
              </List.Item>
            )}
          />
        ))}
    </section>
  );
}
