import { useState } from 'react';
import { Button, Popover } from 'antd';
import { useAuthStore, selectIsStaff } from '@atelier/session';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './support';
import { LiveChat } from './LiveChat';

/** Help: the phone line and Live Chat (the chat button is hidden for staff, SPEC §1). */
export function HelpMenu() {
  const isStaff = useAuthStore(selectIsStaff);
  const [open, setOpen] = useState(false);
  const [chatOpen, setChatOpen] = useState(false);
  const content = (
    <ul className="atelier-help" aria-label="Help">
      <li>
        <a href={`tel:${SUPPORT_PHONE.replace(/[^\d+]/g, '')}`}>Call {SUPPORT_PHONE}</a>
        <div className="atelier-help-note">{SUPPORT_HOURS}</div>
      </li>
      {!isStaff && (
        <li>
          <Button
            type="link"
            onClick={() => {
              setOpen(false);
              setChatOpen(true);
            }}
          >
            Live Chat
          </Button>
        </li>
      )}
      <li>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </li>
    </ul>
  );
  return (
    <>
      <Popover content={content} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
        <Button type="text" aria-haspopup="true" aria-expanded={open}>
          Help
        </Button>
      </Popover>
      <LiveChat open={chatOpen} onClose={() => setChatOpen(false)} />
    </>
  );
}
