import { Button, Skeleton, Typography } from 'antd';
import EditOutlined from '@ant-design/icons/EditOutlined';
import { useNavigate, useParams } from 'react-router-dom';
import { ErrorDisplay, usePageTitle } from '@atelier/ui';
import { useCollection } from '../features/collections/api/get-collection';
import { CollectionImages } from '../features/collections/components/CollectionImages';
import { CollectionMarks } from '../features/collections/components/CollectionMarks';
import { CollectionsBreadcrumb } from '../features/collections/components/CollectionsBreadcrumb';
import { COLLECTIONS_CSS } from '../features/collections/components/collections-css';

/**
 * /collections/:id (SPEC §2): the collection's name, marks (SPEC §6) and description, an Edit
 * button for those who may edit it, and its images in the storefront grid.
 */
export function CollectionDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const collection = useCollection(id);
  usePageTitle(collection.isError ? 'Collection' : collection.data?.name);

  if (collection.isPending) {
    return (
      <section aria-busy="true">
        <CollectionsBreadcrumb trail={[{ label: 'Collection' }]} />
        <Skeleton active paragraph={{ rows: 3 }} />
      </section>
    );
  }
  if (collection.isError) {
    return (
      <section>
        <CollectionsBreadcrumb trail={[{ label: 'Collection' }]} />
        <ErrorDisplay error={collection.error} />
      </section>
    );
  }
  const data = collection.data;
  return (
    <section aria-labelledby="collection-title">
      <CollectionsBreadcrumb trail={[{ label: data.name }]} />
      <header className="sf-collections-header">
        <h1 id="collection-title">{data.name}</h1>
        {data.editable && (
          <Button
            icon={<EditOutlined aria-hidden />}
            onClick={() => void navigate(`/collections/${data.id}/edit`)}
          >
            Edit
          </Button>
        )}
      </header>
      <div className="sf-collection-meta">
        <CollectionMarks collection={data} />
      </div>
      {data.description && <Typography.Paragraph>{data.description}</Typography.Paragraph>}
      <CollectionImages id={String(data.id)} />
      <style>{COLLECTIONS_CSS}</style>
    </section>
  );
}
