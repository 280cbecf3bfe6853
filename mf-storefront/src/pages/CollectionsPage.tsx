import { Button, Input, Skeleton } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAuthStore } from '@atelier/session';
import { ErrorDisplay } from '@atelier/ui';
import { useCollections } from '../features/collections/api/get-collections';
import { CollectionList } from '../features/collections/components/CollectionList';
import { CollectionsBreadcrumb } from '../features/collections/components/CollectionsBreadcrumb';
import { CollectionsMenu } from '../features/collections/components/CollectionsMenu';
import { CollectionsTypeahead } from '../shared/collections/CollectionsTypeahead';
import { LIST_IS_EMPTY, NO_RESULTS } from '../shared/collections/collection-rules';
import { COLLECTIONS_CSS } from '../features/collections/components/collections-css';

/**
 * /collections (SPEC §2): the generic list page of collections (breadcrumbs, a search box
 * setting `search`, heading, list) with the collections menu and typeahead; signed-in users
 * may start a new collection.
 */
export function CollectionsPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const signedIn = useAuthStore((s) => s.user !== null);
  // The menu lists every collection the viewer sees, whatever the search box holds.
  const all = useCollections();
  const list = useCollections(search);

  return (
    <section aria-labelledby="collections-title">
      <CollectionsBreadcrumb />
      <header className="sf-collections-header">
        <h1 id="collections-title">Collections</h1>
        {signedIn && (
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => void navigate('/collections/new')}
          >
            New collection
          </Button>
        )}
      </header>
      {all.isSuccess && <CollectionsMenu collections={all.data.results} />}
      <div className="sf-collections-toolbar">
        <Input.Search
          aria-label="Search collections"
          placeholder="Search collections"
          defaultValue={search}
          allowClear
          onSearch={(value) => {
            const next = new URLSearchParams(params);
            if (value.trim()) next.set('search', value.trim());
            else next.delete('search');
            setParams(next);
          }}
        />
        <CollectionsTypeahead />
      </div>
      {list.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {list.isError && <ErrorDisplay error={list.error} />}
      {list.isSuccess && (
        <CollectionList
          key={search}
          collections={list.data.results}
          emptyText={search ? NO_RESULTS : LIST_IS_EMPTY}
        />
      )}
      <style>{COLLECTIONS_CSS}</style>
    </section>
  );
}
