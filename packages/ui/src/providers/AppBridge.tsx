import { useEffect } from 'react';
import { App } from 'antd';
import type { AppApi } from './deferred-app-api';

interface AppBridgeProps {
  onReady: (api: AppApi) => void;
}

function HandOver({ onReady }: AppBridgeProps) {
  const api = App.useApp();
  useEffect(() => onReady(api), [api, onReady]);
  return null;
}

/**
 * antd's App, loaded after the first paint: its message, notification and modal holders
 * (portals, so where it sits in the tree does not matter), and its API handed to the
 * deferred one the page's components already hold. No element of its own.
 */
export default function AppBridge({ onReady }: AppBridgeProps) {
  return (
    <App component={false}>
      <HandOver onReady={onReady} />
    </App>
  );
}
