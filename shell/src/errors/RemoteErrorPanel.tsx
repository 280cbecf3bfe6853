import { Button, Result } from 'antd';
import type { RemoteName } from '@atelier/contracts';

const AREA_LABELS: Record<RemoteName, string> = {
  storefront: 'The gallery',
  cart: 'Your cart',
  artist: 'The artist portal',
  manage: 'The manage area',
};

interface RemoteErrorPanelProps {
  remote: RemoteName;
  detail: string;
  onRetry: () => void;
}

/** Shown in a remote's own area when its code cannot be loaded; the rest of the page works. */
export default function RemoteErrorPanel({ remote, detail, onRetry }: RemoteErrorPanelProps) {
  return (
    <div data-remote-error={remote} role="alert">
      <Result
        status="warning"
        title={`${AREA_LABELS[remote]} could not be loaded.`}
        subTitle={
          <>
            Check your connection and try again. Contact customer support if this persists.
            <br />
            <small>{detail}</small>
          </>
        }
        extra={
          <Button type="primary" onClick={onRetry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
