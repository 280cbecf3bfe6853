import { lazy } from 'react';

/*
 * The Filters panel (antd's Checkbox, Radio and Switch) and its small-screen drawer are not
 * part of the search page's first paint: the page asks for them once its first results are
 * drawn, or when the Filters button is pointed at, so the results' code and pictures do not
 * share the network and the main thread with them (issue 12).
 */
const loadPanel = () => import(/* webpackChunkName: "search-filters" */ './FiltersPanel');
const loadDrawer = () => import(/* webpackChunkName: "search-filters-drawer" */ './FiltersDrawer');

export const LazyFiltersPanel = lazy(async () => ({ default: (await loadPanel()).FiltersPanel }));
export const LazyFiltersDrawer = lazy(async () => ({
  default: (await loadDrawer()).FiltersDrawer,
}));

/** Starts fetching the panel's and the drawer's code (the Filters button's hover and focus). */
export function preloadFilters(): void {
  void loadPanel();
  void loadDrawer();
}
