import { Skeleton, Typography } from 'antd';
import { useParams } from 'react-router-dom';
import { ErrorDisplay, usePageTitle } from '@atelier/ui';
import { useCollection } from '../features/collections/api/collections';

export function CollectionDetailPage() {
  const { id = '' } = useParams();
  const collection = useCollection(id);
  usePageTitle(collection.isError ? 'Collection' : collection.data?.name);
  if (collection.isPending) return <Skeleton active />;
  if (collection.isError) return <ErrorDisplay error={collection.error} />;
  return (
    <section>
      <Typography.Title level={1} style={{ fontSize: 24 }}>
        {collection.data.name}
      </Typography.Title>
      <Typography.Paragraph>{collection.data.description}</Typography.Paragraph>
      <Typography.Paragraph type="secondary">
        {collection.data.contents.length} works
      </Typography.Paragraph>
    </section>
  );
}
