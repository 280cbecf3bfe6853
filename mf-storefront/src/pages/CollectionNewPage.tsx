import { useNavigate } from 'react-router-dom';
import { CollectionForm } from '../features/collections/components/CollectionForm';
import { CollectionsBreadcrumb } from '../features/collections/components/CollectionsBreadcrumb';
import { COLLECTIONS_CSS } from '../features/collections/components/collections-css';

/** /collections/new (SPEC §2): the collection form; a saved collection opens its page. */
export function CollectionNewPage() {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="collection-new-title">
      <CollectionsBreadcrumb trail={[{ label: 'New' }]} />
      <header className="sf-collections-header">
        <h1 id="collection-new-title">New collection</h1>
      </header>
      <CollectionForm
        onSaved={(saved) => void navigate(`/collections/${saved.id}`)}
        onCancel={() => void navigate('/collections')}
      />
      <style>{COLLECTIONS_CSS}</style>
    </section>
  );
}
