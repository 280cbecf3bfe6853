import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { ErrorDisplay } from '@atelier/ui';
import { SEARCH_LIMIT, useSearch } from '../features/search/api/search-images';
import { ImageGrid } from '../features/catalogue/components/ImageGrid';

const toInt = (value: string | null, fallback: number, min: number, max: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
};

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const limit = toInt(params.get('limit'), SEARCH_LIMIT, 1, 500);
  const offset = toInt(params.get('offset'), 0, 0, 1_000_000);
  const search = useSearch({ q, offset, limit });
  const goTo = (nextOffset: number) => {
    const next = new URLSearchParams(params);
    next.set('offset', String(nextOffset));
    setParams(next);
  };
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
