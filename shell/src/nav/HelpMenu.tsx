import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './support';

const LiveChat = lazy(() => import('./LiveChat'));

/** Help: the phone line and Live Chat (the chat button is hidden for staff, SPEC §1). */
export function HelpMenu() {
  const isStaff = useAuthStore(selectIsStaff);
  const [open, setOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !root.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [open]);

  return (
    <div className="atelier-menu" ref={root}>
      <button
        type="button"
        className="atelier-nav-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        Help
      </button>
      {open && (
        <ul id={menuId} className="atelier-menu-panel atelier-help" aria-label="Help">
          <li>
            <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>Call {SUPPORT_PHONE}</a>
            <div className="atelier-help-note">{SUPPORT_HOURS}</div>
          </li>
          {!isStaff && (
            <li>
              <button
                type="button"
                className="atelier-link-button"
                onClick={() => {
                  setOpen(false);
                  setChatOpen(true);
                }}
              >
                Live Chat
              </button>
            </li>
          )}
          <li>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </li>
        </ul>
      )}
      {chatOpen && (
        <Suspense fallback={null}>
          <LiveChat open onClose={() => setChatOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
