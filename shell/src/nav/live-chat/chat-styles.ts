/** The chat panel's own styles (loaded with the panel, not with the page). */
export const CHAT_CSS = `
.atelier-chat { display: flex; flex-direction: column; height: 100%; gap: 12px; }
.atelier-chat-intro { margin: 0; color: #6b625a; font-size: 13px; }
.atelier-chat-project { margin: 0; font-size: 13px; padding: 6px 10px; background: #f7f4ef; border-radius: 6px; }
.atelier-chat-log { flex: 1; min-height: 160px; overflow-y: auto; display: flex; flex-direction: column; gap: 10px;
  padding: 4px 2px; margin: 0; list-style: none; }
.atelier-chat-message { max-width: 85%; align-self: flex-start; }
.atelier-chat-message.mine { align-self: flex-end; text-align: right; }
.atelier-chat-bubble { display: inline-block; text-align: left; white-space: pre-wrap; overflow-wrap: anywhere;
  padding: 8px 12px; border-radius: 12px; background: #f1ebe2; color: #1f1a17; }
.atelier-chat-message.mine .atelier-chat-bubble { background: #8a3b12; color: #fff; }
.atelier-chat-meta { display: block; font-size: 11px; color: #6b625a; margin: 0 4px 2px; }
.atelier-chat-empty { margin: auto 0; color: #6b625a; text-align: center; }
.atelier-chat-closed { font-size: 12px; color: #6b625a; text-align: center; }
.atelier-chat-form { display: grid; gap: 8px; }
.atelier-chat-actions { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.atelier-chat-hint { font-size: 12px; color: #6b625a; }
`;
