import type { ReactNode } from 'react';

/**
 * The page's h1 inside an antd Result (not found, nothing to show): a page that is only a
 * Result still has its heading, in the Result's own type.
 */
export function ResultHeading({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', margin: 0, color: 'inherit' }}>{children}</h1>;
}
