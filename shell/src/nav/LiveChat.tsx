import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { useCartStore, useCurrentCart } from '@atelier/session';
import { SUPPORT_EMAIL, SUPPORT_HOURS, SUPPORT_PHONE } from './support';

interface LiveChatProps {
  open: boolean;
  onClose: () => void;
}

/** The visitor's project goes with the message so support sees what they are working on. */
export function chatMessageBody(
  message: string,
  project: { token: string | null; name: string | null },
): string {
  const lines = [message.trim()];
  if (project.token) lines.push('', `Project: ${project.name ?? 'Cart'} (${project.token})`);
  return lines.join('\n');
}

/** Live Chat: a message to a print specialist, carrying the visitor's project info. */
export default function LiveChat({ open, onClose }: LiveChatProps) {
  const [message, setMessage] = useState('');
  const token = useCartStore((s) => s.token);
  const name = useCurrentCart().data?.project.name ?? null;
  const send = () => {
    const body = encodeURIComponent(chatMessageBody(message, { token, name }));
    window.location.href = `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Live Chat')}&body=${body}`;
    setMessage('');
    onClose();
  };
  return (
    <Modal
      title="Live Chat"
      open={open}
      onCancel={onClose}
      onOk={send}
      okText="Send"
      okButtonProps={{ disabled: !message.trim() }}
      destroyOnHidden
    >
      <Typography.Paragraph>
        Our print specialists answer {SUPPORT_HOURS}, or call {SUPPORT_PHONE}.
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="Your message"
        rows={4}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        placeholder="How can we help?"
      />
    </Modal>
  );
}
