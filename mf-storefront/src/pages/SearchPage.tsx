import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { useSearch } from '../features/search/api/search-images';
import { readSearchUrl, toSearchParams, updateSearchUrl } from '../features/search/search-url';
import { ImageGrid } from '../features/catalogue/components/ImageGrid';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  // The URL is the only state: a link, reload or Back shows the same search.
  const state = readSearchUrl(params);
  const { q, offset, limit } = state;
  const search = useSearch(toSearchParams(state));
  const goTo = (nextOffset: number) => setParams(updateSearchUrl(params, { offset: nextOffset }));
  const total = search.data?.total ?? 0;
  return (
    <section aria-labelledby="search-title">
      <Typography.Title id="search-title" level={1} style={{ fontSize: 24 }}>
        {q ? `Art matching “${q}”` : 'All art'}
      </Typography.Title>
      {search.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {search.isError && <ErrorDisplay error={search.error} />}
      {search.isSuccess && (
        <>
          <Typography.Paragraph type="secondary" role="status">
            {search.data.total_is_partial ? 'At least ' : ''}
            {total.toLocaleString('en-US')} {total === 1 ? 'result' : 'results'}
          </Typography.Paragraph>
          {search.data.images.length === 0 ? (
            <Empty description="No results" />
          ) : (
            <ImageGrid images={search.data.images} />
          )}
          <Space style={{ margin: '16px 0' }}>
            <Button disabled={offset === 0} onClick={() => goTo(Math.max(0, offset - limit))}>
              Previous
            </Button>
            <Button
              disabled={offset + limit >= search.data.total_for_pagination}
              onClick={() => goTo(offset + limit)}
            >
              Next
            </Button>
          </Space>
        </>
      )}
    </section>
  );
}
