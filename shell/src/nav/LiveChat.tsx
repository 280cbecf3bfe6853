import { useState } from 'react';
import { Button, Drawer, Grid, Skeleton } from 'antd';
import { useCurrentCart } from '@atelier/session';
import { ErrorDisplay } from '@atelier/ui';
import { CHAT_CSS } from './live-chat/chat-styles';
import { ChatComposer } from './live-chat/ChatComposer';
import { ChatThread } from './live-chat/ChatThread';
import { useConversation } from './live-chat/conversation-api';
import { useConversationEvents } from './live-chat/use-conversation-events';
import { SUPPORT_HOURS, SUPPORT_PHONE } from './support';

const CHAT_TITLE = 'Live Chat';
/** The panel's width from the sm breakpoint (SPEC §9); the whole width below it. */
const PANEL_WIDTH = 400;

interface LiveChatProps {
  open: boolean;
  onClose: () => void;
}

/** Which project support sees with the visitor's messages (SPEC §1: visitor project info). */
function ProjectNote() {
  const cart = useCurrentCart().data;
  if (!cart) return null;
  return (
    <p className="atelier-chat-project">
      Support sees your {cart.owner === null ? 'cart' : 'project'}:{' '}
      <strong>{cart.project.name}</strong>
    </p>
  );
}

/** Live Chat: the visitor's conversation with support, answers arriving as they are sent. */
export default function LiveChat({ open, onClose }: LiveChatProps) {
  const screens = Grid.useBreakpoint();
  const phone = screens.sm === false;
  // Polls only while live updates are unavailable.
  const [streamDown, setStreamDown] = useState(false);
  const conversation = useConversation(streamDown);
  useConversationEvents(conversation.data?.id ?? null, setStreamDown);
  return (
    <Drawer
      title={CHAT_TITLE}
      placement={phone ? 'bottom' : 'right'}
      size={phone ? '85%' : PANEL_WIDTH}
      open={open}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 16 } }}
    >
      <style>{CHAT_CSS}</style>
      <div className="atelier-chat">
        <p className="atelier-chat-intro">
          Our print specialists answer {SUPPORT_HOURS}, or call {SUPPORT_PHONE}.
        </p>
        <ProjectNote />
        {conversation.isPending && <Skeleton active aria-label="Loading the conversation" />}
        {conversation.isError && (
          <ErrorDisplay
            error={conversation.error}
            action={
              <Button size="small" onClick={() => void conversation.refetch()}>
                Retry
              </Button>
            }
          />
        )}
        {conversation.isSuccess && <ChatThread conversation={conversation.data} />}
        {!conversation.isError && <ChatComposer />}
      </div>
    </Drawer>
  );
}
