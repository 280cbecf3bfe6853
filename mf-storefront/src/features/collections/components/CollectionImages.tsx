import { Empty, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ErrorDisplay, GridSkeleton, PaginationBar } from '@atelier/ui';
import { ImageGrid } from '../../../shared/catalogue/components/ImageGrid';
import { useCollectionImages } from '../api/get-collection-images';
import { LIST_IS_EMPTY, worksLabel } from '../../../shared/collections/collection-rules';

/** SPEC §9: the grid's page size, as search's. */
const COLLECTION_PAGE_SIZE = 100;
const PAGE_SIZES = [20, 50, 100] as const;

const readInt = (value: string | null, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

/** A collection's images in the storefront grid, paged through the URL (offset, limit). */
export function CollectionImages({ id }: { id: string }) {
  const [params, setParams] = useSearchParams();
  const limitParam = readInt(params.get('limit'), COLLECTION_PAGE_SIZE);
  const limit = (PAGE_SIZES as readonly number[]).includes(limitParam)
    ? limitParam
    : COLLECTION_PAGE_SIZE;
  const offset = readInt(params.get('offset'), 0);
  const images = useCollectionImages(id, offset, limit);

  if (images.isPending) return <GridSkeleton />;
  if (images.isError) return <ErrorDisplay error={images.error} />;
  const { total, total_for_pagination: pageable } = images.data;
  if (total === 0) return <Empty description={LIST_IS_EMPTY} />;
  return (
    <>
      <ImageGrid images={images.data.images} />
      <PaginationBar
        count={pageable}
        page={Math.floor(offset / limit) + 1}
        pageSize={limit}
        pageSizeOptions={PAGE_SIZES}
        formatCount={(count) => <Typography.Text>{worksLabel(count)}</Typography.Text>}
        ariaLabel="Collection pages"
        onChange={(page, pageSize) => {
          const next = new URLSearchParams(params);
          next.set('offset', String((page - 1) * pageSize));
          next.set('limit', String(pageSize));
          setParams(next);
        }}
      />
    </>
  );
}
