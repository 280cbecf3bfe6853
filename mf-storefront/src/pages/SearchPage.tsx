import { Suspense, useState } from 'react';
import { Alert, Badge, Button, Empty, Flex, Skeleton, Typography } from 'antd';
import { usePreferencesStore } from '@atelier/session';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { PaginationBar, pageCount, preloadPaginationBar } from '@atelier/ui';
import type { SearchSort } from '@atelier/contracts';
import { useSearch } from '../features/search/api/search-images';
import { DidYouMean } from '../features/search/components/DidYouMean';
import { RelatedKeywords } from '../features/search/components/RelatedKeywords';
import { SearchFailure, SearchWarnings } from '../features/search/components/SearchFailure';
import { SearchResults } from '../features/search/components/SearchResults';
import { SearchTips } from '../features/search/components/SearchTips';
import { apiNote } from '../features/search/api-note';
import { SortMenu } from '../features/search/components/SortMenu';
import { FILTERS_TITLE } from '../features/search/filters/filter-definitions';
import {
  LazyFiltersDrawer,
  LazyFiltersPanel,
  preloadFilters,
} from '../features/search/filters/lazy-filters';
import { activeFilterCount } from '../features/search/filters/filter-state';
import { useAfterPaint } from '../features/search/hooks/use-after-paint';
import { useMediaQuery } from '../features/search/hooks/use-media-query';
import { useSearchKeys } from '../features/search/hooks/use-search-keys';
import { formatSearchCount } from '../features/search/result-count';
import { readSearchUrl, toSearchParams, updateSearchUrl } from '../features/search/search-url';

// The bar is on every result page: fetched with the page, not after the first results.
preloadPaginationBar();

/** SPEC §9 lg breakpoint: the Filters panel sits beside the results from here up. */
const WIDE_SCREEN = '(min-width: 992px)';
const LAYOUT_CSS = `
.sf-search { display: grid; grid-template-columns: minmax(0, 1fr); gap: 24px; }
.sf-search-aside { display: none; }
@media (min-width: 992px) {
  .sf-search-filters-open { grid-template-columns: 240px minmax(0, 1fr); }
  .sf-search-filters-open .sf-search-aside { display: block; }
}`;

export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  // The URL is the only state: a link, reload or Back shows the same search.
  const state = readSearchUrl(params);
  const { q, sort, offset, limit } = state;
  const refresh = usePreferencesStore((prefs) => prefs.searchRefresh);
  const setPreference = usePreferencesStore((prefs) => prefs.setPreference);
  // searchAdvanced (SPEC §3): the Filters panel open on wide screens, remembered.
  const filtersOpen = usePreferencesStore((prefs) => prefs.searchAdvanced);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer is drawn from its first opening on (so it closes with its animation).
  const [drawerUsed, setDrawerUsed] = useState(false);
  const wide = useMediaQuery(WIDE_SCREEN);
  const search = useSearch(toSearchParams(state), { refresh });
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

  const activeFilters = activeFilterCount(params);
  const toggleFilters = () => {
    if (wide) {
      setPreference('searchAdvanced', !filtersOpen);
    } else {
      setDrawerUsed(true);
      setDrawerOpen(true);
    }
  };
  // The panel's code is asked for once the first results are on screen: their first paint
  // does not wait for it (lazy-filters.tsx). Its place beside them is kept meanwhile.
  const filtersReady = useAfterPaint(!search.isPending);
  const panel = (
    <Suspense fallback={null}>
      <LazyFiltersPanel
        params={params}
        facets={data?.facets}
        onChange={setParams}
        refresh={refresh}
        onRefreshChange={(on) => setPreference('searchRefresh', on)}
      />
    </Suspense>
  );

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
    <section
      aria-labelledby="search-title"
      className={filtersOpen ? 'sf-search sf-search-filters-open' : 'sf-search'}
    >
      <style>{LAYOUT_CSS}</style>
      <aside className="sf-search-aside" aria-label={FILTERS_TITLE}>
        {wide && filtersOpen && filtersReady && panel}
      </aside>
      {drawerUsed && (
        <Suspense fallback={null}>
          <LazyFiltersDrawer open={drawerOpen && !wide} onClose={() => setDrawerOpen(false)}>
            {panel}
          </LazyFiltersDrawer>
        </Suspense>
      )}
      <div className="sf-search-main">
        <Typography.Title id="search-title" level={1} style={{ fontSize: 24 }}>
          {q ? `Art matching “${q}”` : 'All art'}
        </Typography.Title>
        <Flex wrap align="center" gap="small" style={{ marginBottom: 12 }}>
          <Button
            onClick={toggleFilters}
            onPointerEnter={preloadFilters}
            onFocus={preloadFilters}
            aria-expanded={filtersOpen || drawerOpen}
          >
            {FILTERS_TITLE}
            <Badge count={activeFilters} size="small" />
          </Button>
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
            {data.total === 0 && <DidYouMean suggestion={data.suggestion} />}
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
      </div>
    </section>
  );
}
