import { Alert, Skeleton } from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorDisplay, usePageTitle } from '@atelier/ui';
import { useCollection } from '../features/collections/api/get-collection';
import { CollectionForm } from '../features/collections/components/CollectionForm';
import { CollectionsBreadcrumb } from '../features/collections/components/CollectionsBreadcrumb';
import { CANNOT_EDIT } from '../shared/collections/collection-rules';
import { COLLECTIONS_CSS } from '../features/collections/components/collections-css';

/**
 * /collections/:id/edit (SPEC §2): the collection form filled in. SPEC §6: only the owner, or
 * staff when it is communal, may edit; anyone else is told so instead of meeting a 403 on save.
 */
export function CollectionEditPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const collection = useCollection(id);
  usePageTitle(collection.data ? `Edit ${collection.data.name}` : null);
  const detailPath = `/collections/${encodeURIComponent(id)}`;

  let body;
  if (collection.isPending) body = <Skeleton active paragraph={{ rows: 5 }} />;
  else if (collection.isError) body = <ErrorDisplay error={collection.error} />;
  else if (!collection.data.editable) {
    body = (
      <Alert
        type="warning"
        showIcon
        title={CANNOT_EDIT}
        description={<Link to={detailPath}>Back to the collection</Link>}
      />
    );
  } else {
    body = (
      <CollectionForm
        collection={collection.data}
        onSaved={(saved) => void navigate(`/collections/${saved.id}`)}
        onCancel={() => void navigate(detailPath)}
      />
    );
  }

  return (
    <section aria-labelledby="collection-edit-title">
      <CollectionsBreadcrumb
        trail={[
          { label: collection.data?.name ?? 'Collection', to: detailPath },
          { label: 'Edit' },
        ]}
      />
      <header className="sf-collections-header">
        <h1 id="collection-edit-title">Edit collection</h1>
      </header>
      {body}
      <style>{COLLECTIONS_CSS}</style>
    </section>
  );
}
