import { lazy, Suspense, useId, useState } from 'react';
import { selectIsStaff, useAuthStore } from '@atelier/session';
import { useDisclosure } from './use-disclosure';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './support';

const LiveChat = lazy(() => import('./LiveChat'));

/** Help: the phone line and Live Chat (the chat button is hidden for staff, SPEC §1). */
export function HelpMenu() {
  const isStaff = useAuthStore(selectIsStaff);
  const { open, setOpen, root } = useDisclosure<HTMLDivElement>();
  const [chatOpen, setChatOpen] = useState(false);
  const menuId = useId();

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
