import { useNavigation } from 'react-router-dom';
import { useDelayedFlag } from './use-delayed-flag';

/** SPEC §9: the progress bar appears only once a navigation has taken 100 ms. */
const PROGRESS_BAR_DELAY_MS = 100;
export const NAVIGATION_PROGRESS_LABEL = 'Loading page';

/**
 * A thin bar across the top of the window while a navigation is slow: a remote's routes or a
 * page's code still downloading, or a route loader still waiting (the router's navigation
 * state covers all three, since remote routes load inside the navigation). Fixed over the
 * page, so showing it moves nothing; indeterminate, since how long a download takes is not
 * known.
 */
export function NavigationProgress() {
  const navigating = useNavigation().state !== 'idle';
  const shown = useDelayedFlag(navigating, PROGRESS_BAR_DELAY_MS);
  if (!shown) return null;
  return (
    <div className="atelier-progress" role="progressbar" aria-label={NAVIGATION_PROGRESS_LABEL}>
      <div className="atelier-progress-bar" />
    </div>
  );
}
