import { useState } from 'react';
import { Alert, Empty, Flex, Skeleton, Typography } from 'antd';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PaginationBar, pageCount } from '@atelier/ui';
import type { SearchSort } from '@atelier/contracts';
import { useSearch } from '../features/search/api/search-images';
import { RelatedKeywords } from '../features/search/components/RelatedKeywords';
import { SearchFailure, SearchWarnings } from '../features/search/components/SearchFailure';
import { SearchResults } from '../features/search/components/SearchResults';
import { SearchTips } from '../features/search/components/SearchTips';
import { apiNote } from '../features/search/api-note';
import { SortMenu } from '../features/search/components/SortMenu';
import { useSearchKeys } from '../features/search/hooks/use-search-keys';
import { formatSearchCount } from '../features/search/result-count';
import { readSearchUrl, toSearchParams, updateSearchUrl } from '../features/search/search-url';

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The URL is the only state: a link, reload or Back shows the same search.
  const state = readSearchUrl(params);
  const { q, sort, offset, limit } = state;
  const search = useSearch(toSearchParams(state));
  const [tipsOpen, setTipsOpen] = useState(false);
  const note = apiNote(state.api);
  const data = search.data;

  // Pages run to total_for_pagination: past the result window the server cannot answer.
  const pages = data ? pageCount(data.total_for_pagination, limit) : 1;
  const page = Math.floor(offset / limit) + 1;
  const goToPage = (nextPage: number, nextLimit = limit) => {
    const changes = { offset: (nextPage - 1) * nextLimit, limit: nextLimit };
    setParams(updateSearchUrl(params, changes));
  };
  const setSort = (next: SearchSort) => setParams(updateSearchUrl(params, { sort: next }));
  // A related keyword is searched on its own, keeping the sort and filters (SPEC §2).
  const searchKeyword = (keyword: string) => setParams(updateSearchUrl(params, { q: keyword }));

  useSearchKeys({
    previous: () => {
      if (data && page > 1) goToPage(page - 1);
    },
    next: () => {
      if (data && page < pages) goToPage(page + 1);
    },
    escape: () => {
      if (tipsOpen) setTipsOpen(false);
      // The hash holds the selected image: Esc clears it and keeps the search.
      if (location.hash) navigate({ search: location.search, hash: '' }, { replace: true });
    },
  });

  const count = data ? formatSearchCount(data.total, data.total_is_partial) : '';
  const bar = (label: string) =>
    data && (
      <PaginationBar
        ariaLabel={label}
        count={data.total_for_pagination}
        page={page}
        pageSize={limit}
        onChange={(nextPage, nextLimit) => goToPage(nextPage, nextLimit)}
        formatCount={() => count}
      />
    );

  return (
    <section aria-labelledby="search-title">
      <Typography.Title id="search-title" level={1} style={{ fontSize: 24 }}>
        {q ? `Art matching “${q}”` : 'All art'}
      </Typography.Title>
      <Flex wrap align="center" gap="small" style={{ marginBottom: 12 }}>
        <SortMenu value={sort} onChange={setSort} />
        <SearchTips open={tipsOpen} onOpenChange={setTipsOpen} />
      </Flex>
      {note && <Alert type="info" showIcon title={note} style={{ marginBottom: 12 }} />}
      {search.isPending && <Skeleton active paragraph={{ rows: 6 }} />}
      {search.isError && (
        <SearchFailure error={search.error} onRetry={() => void search.refetch()} />
      )}
      {data && !search.isError && (
        <>
          <SearchWarnings warnings={[...data.warnings, ...data.errors]} />
          <RelatedKeywords keywords={data.related_keywords} onSearch={searchKeyword} />
          {/* The top bar carries the result count; the bottom one saves a scroll back up. */}
          {bar('Pagination')}
          <div style={{ margin: '12px 0' }}>
            {data.images.length === 0 ? (
              <Empty description="No results" />
            ) : (
              <SearchResults images={data.images} group={state.group} />
            )}
          </div>
          {data.images.length > 0 && bar('Pagination, end of results')}
        </>
      )}
    </section>
  );
}
