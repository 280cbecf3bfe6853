import { lazy, Suspense, type ComponentType } from 'react';
import type { ImageCard } from '@atelier/contracts';
import { Loading } from '@atelier/ui';

/*
 * The quick view and the staff menu pull in most of the antd the storefront uses (Typography,
 * Descriptions, Popover, Select, Dropdown, Menu…). The home page and the search page need
 * none of it until a tile is pointed at, so it stays out of their first load: it is fetched
 * when the pointer or focus first enters a grid (`preloadQuickView`), well before a click.
 */
type PanelComponent = ComponentType<{ image: ImageCard }>;
/**
 * The panel's component once its code is here. A lazy component suspends on its first render
 * even when its code has already arrived, which drew the loading stand-in for a frame and the
 * panel in a later one: with the code preloaded, the first click draws the panel at once.
 */
let loadedPanel: PanelComponent | null = null;
const loadPanel = () =>
  import('./QuickViewPanel').then((module) => {
    loadedPanel = module.QuickViewPanel;
    return module;
  });
const loadStaffActions = () => import('./StaffQuickActions');

const Panel = lazy(async () => ({ default: (await loadPanel()).QuickViewPanel }));
const StaffActions = lazy(async () => ({
  default: (await loadStaffActions()).StaffQuickActions,
}));

const started = { panel: false, staff: false };
/** Starts fetching the quick view's code (once); `staff` fetches the staff menu's too. */
export function preloadQuickView(staff: boolean): void {
  if (!started.panel) void loadPanel();
  if (staff && !started.staff) void loadStaffActions();
  started.panel = true;
  started.staff ||= staff;
}

/** The picture's box while the code arrives, so the panel opens at about its final height. */
const FALLBACK_MIN_HEIGHT = 360;

export function LazyQuickViewPanel({ image }: { image: ImageCard }) {
  const Loaded = loadedPanel;
  if (Loaded) return <Loaded image={image} />;
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: FALLBACK_MIN_HEIGHT }}>
          <Loading label="Loading the quick view" />
        </div>
      }
    >
      <Panel image={image} />
    </Suspense>
  );
}

export function LazyStaffQuickActions({ image }: { image: ImageCard }) {
  return (
    <Suspense fallback={null}>
      <StaffActions image={image} />
    </Suspense>
  );
}
