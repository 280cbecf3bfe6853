/** A light busy indicator for the first page (antd's Spin stays out of the first load). */
export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" aria-label={label} className="atelier-loading">
      <span className="atelier-loading-dot" aria-hidden />
    </div>
  );
}

/** Grey blocks in the shape of an image grid while images load. */
export function GridSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading images" className="atelier-grid-skeleton">
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="atelier-grid-skeleton-row" aria-hidden />
      ))}
    </div>
  );
}

/** Styles of the light feedback components, installed once by the page's host. */
export const FEEDBACK_CSS = `
.atelier-loading { display: grid; place-items: center; min-height: 160px; }
.atelier-loading-dot { width: 28px; height: 28px; border-radius: 50%; border: 3px solid #e8e2d8;
  border-top-color: #8a3b12; animation: atelier-spin .8s linear infinite; }
@keyframes atelier-spin { to { transform: rotate(360deg); } }
.atelier-grid-skeleton { display: grid; gap: 8px; }
.atelier-grid-skeleton-row { height: 200px; border-radius: 4px;
  background: linear-gradient(90deg, #ece6dc 25%, #f4efe6 50%, #ece6dc 75%); background-size: 200% 100%;
  animation: atelier-shimmer 1.4s ease infinite; }
@keyframes atelier-shimmer { to { background-position: -200% 0; } }
.atelier-sign-in-prompt { max-width: 420px; margin: 32px auto; padding: 24px; background: #fff;
  border: 1px solid #e8e2d8; border-radius: 8px; }
.atelier-sign-in-prompt h1 { font-size: 22px; margin: 0 0 8px; }
.atelier-sign-in-prompt-links { margin: 16px 0 0; }
.atelier-fragment-loading { display: inline-grid; place-items: center; min-height: 32px; padding: 4px; }
.atelier-fragment-loading .atelier-loading-dot { width: 16px; height: 16px; border-width: 2px; }
.atelier-fragment-error { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; padding: 8px 12px;
  border: 1px solid #f0c36d; background: #fffbe6; border-radius: 6px; }
.atelier-fragment-error button { padding: 2px 12px; border: 1px solid #8a3b12; border-radius: 4px;
  background: #fff; color: #8a3b12; cursor: pointer; font: inherit; }
@media (prefers-reduced-motion: reduce) { .atelier-loading-dot, .atelier-grid-skeleton-row { animation: none; } }
`;
