export interface EventStreamHandlers {
  /** The stream listens: read the state afresh (what changed before came through no event). */
  onReady(): void;
  /** Each named event's parsed JSON data. */
  onEvent(name: string, data: unknown): void;
  /**
   * The stream failed for good (refused, or the browser has no EventSource): live updates
   * are off until the next subscription; callers fall back to polling.
   */
  onClosed(): void;
}

/**
 * Listens to a server-sent event stream of this origin (with the session cookie; the browser
 * reconnects by itself after a dropped connection, and `onReady` comes again). Answers the
 * function that stops listening.
 */
export function subscribeEvents(
  path: string,
  events: readonly string[],
  handlers: EventStreamHandlers,
  readyEvent = 'ready',
): () => void {
  if (typeof EventSource === 'undefined') {
    handlers.onClosed();
    return () => undefined;
  }
  const source = new EventSource(path, { withCredentials: true });
  const listeners: [string, (event: Event) => void][] = [
    [readyEvent, () => handlers.onReady()],
    ...events.map((name): [string, (event: Event) => void] => [
      name,
      (event) => {
        try {
          handlers.onEvent(name, JSON.parse((event as MessageEvent<string>).data) as unknown);
        } catch {
          // Not JSON: not one of ours.
        }
      },
    ]),
    [
      'error',
      () => {
        if (source.readyState === EventSource.CLOSED) handlers.onClosed();
      },
    ],
  ];
  for (const [name, listener] of listeners) source.addEventListener(name, listener);
  return () => {
    for (const [name, listener] of listeners) source.removeEventListener(name, listener);
    source.close();
  };
}
