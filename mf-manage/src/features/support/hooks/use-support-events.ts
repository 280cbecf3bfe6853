import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeEvents } from '@atelier/live-events';
import { SUPPORT_EVENT, SUPPORT_EVENTS_PATH } from '@atelier/contracts';
import { supportKeys } from '../api/support-queries';

/** How often the inbox is read again while live updates are unavailable. */
export const POLL_WITHOUT_STREAM_MS = 15_000;

/**
 * Keeps the inbox and open conversations current: every support event (a message, a
 * conversation closed) reads them again. Answers whether the stream is live; while it is not,
 * the caller polls.
 */
export function useSupportEvents(): boolean {
  const client = useQueryClient();
  const [live, setLive] = useState(true);
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: supportKeys.all });
    return subscribeEvents(SUPPORT_EVENTS_PATH, [SUPPORT_EVENT], {
      onReady: () => {
        setLive(true);
        refresh();
      },
      onEvent: refresh,
      onClosed: () => setLive(false),
    });
  }, [client]);
  return live;
}
