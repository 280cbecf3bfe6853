import { useEffect, useRef, type ReactNode } from 'react';

interface QuickPanelProps {
  title: string;
  /** Where the caret points: the selected tile's centre, from the grid's left edge (px). */
  caretLeft: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onClose: () => void;
  children: ReactNode;
}

const PANEL_CSS = `
.atelier-quick-panel { position: relative; margin: 4px 0 12px; padding: 16px; border-radius: 6px;
  background: #f6f2ec; border: 1px solid #d9d0c3; outline: none; }
.atelier-quick-panel-caret { position: absolute; top: -9px; width: 16px; height: 16px;
  background: #f6f2ec; border-left: 1px solid #d9d0c3; border-top: 1px solid #d9d0c3;
  transform: translateX(-50%) rotate(45deg); }
.atelier-quick-panel-controls { display: flex; justify-content: flex-end; gap: 4px; margin-bottom: 8px; }
.atelier-quick-panel-controls button { min-width: 36px; height: 32px; border-radius: 4px;
  border: 1px solid #b9ad9d; background: #fff; color: #1f1a17; cursor: pointer; font: inherit; }
.atelier-quick-panel-controls button:disabled { color: #6b6259; cursor: default; background: #f1ede7; }
`;

/**
 * The inline quick view below the selected tile's row (SPEC §2): a caret under the tile,
 * close, previous and next. It takes focus when it opens or shows another image, so a
 * keyboard user is where the content is.
 */
export function QuickPanel({
  title,
  caretLeft,
  hasPrevious,
  hasNext,
  onPrevious,
  onNext,
  onClose,
  children,
}: QuickPanelProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    panel.focus({ preventScroll: true });
    panel.scrollIntoView?.({ block: 'nearest' });
  }, [title]);

  return (
    <div
      ref={ref}
      className="atelier-quick-panel"
      role="region"
      aria-label={`Quick view: ${title}`}
      tabIndex={-1}
    >
      <style>{PANEL_CSS}</style>
      <span className="atelier-quick-panel-caret" style={{ left: caretLeft }} aria-hidden />
      <div className="atelier-quick-panel-controls">
        <button
          type="button"
          onClick={onPrevious}
          disabled={!hasPrevious}
          aria-label="Previous image"
        >
          ‹
        </button>
        <button type="button" onClick={onNext} disabled={!hasNext} aria-label="Next image">
          ›
        </button>
        <button type="button" onClick={onClose} aria-label="Close quick view">
          ×
        </button>
      </div>
      {children}
    </div>
  );
}
