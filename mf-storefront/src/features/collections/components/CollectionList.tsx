import { groupThousands } from '@atelier/contracts';
import { useState } from 'react';
import { Empty, Typography } from 'antd';
import { Link } from 'react-router-dom';
import type { Collection } from '@atelier/contracts';
import { PaginationBar } from '@atelier/ui';
import { CollectionMarks } from './CollectionMarks';
import { worksLabel } from '../../../shared/collections/collection-rules';

/** SPEC §9: the default of the pagination options 20, 50, 100. */
const COLLECTION_LIST_PAGE_SIZE = 20;

const collectionCount = (count: number) =>
  `${groupThousands(count)} ${count === 1 ? 'collection' : 'collections'}`;

/**
 * The generic list's rows (SPEC §2): each links to /collections/{id} with its marks, size and
 * description; paged on the client, since SPEC §7 fetches up to 1000 at once.
 */
export function CollectionList({
  collections,
  emptyText,
}: {
  collections: readonly Collection[];
  emptyText: string;
}) {
  const [paging, setPaging] = useState({ page: 1, pageSize: COLLECTION_LIST_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(collections.length / paging.pageSize));
  const page = Math.min(paging.page, pages);
  const shown = collections.slice((page - 1) * paging.pageSize, page * paging.pageSize);
  if (collections.length === 0) return <Empty description={emptyText} />;
  return (
    <>
      <ul className="sf-collection-list" aria-label="Collections">
        {shown.map((collection) => (
          <li key={collection.id} className="sf-collection-row">
            <div className="sf-collection-row-title">
              <Link to={`/collections/${collection.id}`}>{collection.name}</Link>
              <CollectionMarks collection={collection} />
            </div>
            <Typography.Text type="secondary">
              {worksLabel(collection.contents.length)}
            </Typography.Text>
            {collection.description && (
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {collection.description}
              </Typography.Paragraph>
            )}
          </li>
        ))}
      </ul>
      <PaginationBar
        count={collections.length}
        page={page}
        pageSize={paging.pageSize}
        formatCount={collectionCount}
        ariaLabel="Collection list pages"
        onChange={(nextPage, pageSize) => setPaging({ page: nextPage, pageSize })}
      />
    </>
  );
}
