import pg from 'pg';

const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 10_000;
/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'atelier listener';

type Handler = () => void;

const quoted = (channel: string): string => `"${channel.replace(/"/g, '""')}"`;

/**
 * LISTEN on a PostgreSQL connection of its own, made again with a growing delay whenever it
 * is lost. `listening` is false while it is down (not yet made, or lost and being made
 * again): a notification sent then is never received. Each time listening starts on a
 * channel its handlers are called once, since anything may have been sent while nobody
 * listened.
 */
export class PostgresListener {
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly listened = new Set<string>();
  private closed = false;
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private retryMs = RETRY_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  /** Whether no notification on `channel` can be missed now. */
  listening(channel: string): boolean {
    return this.client !== null && this.listened.has(channel);
  }

  /** Calls `handler` for every notification on `channel`; returns what stops it. */
  listen(channel: string, handler: Handler): () => void {
    const handlers = this.handlers.get(channel) ?? new Set();
    this.handlers.set(channel, handlers);
    handlers.add(handler);
    if (this.client && !this.listened.has(channel)) void this.subscribe(this.client, channel);
    else if (!this.client && !this.connecting && !this.timer) void this.connect();
    return () => {
      handlers.delete(handler);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    this.listened.clear();
    await client?.end().catch(() => undefined);
  }

  private notify(channel: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler();
  }

  private async subscribe(client: pg.Client, channel: string): Promise<void> {
    await client.query(`listen ${quoted(channel)}`);
    if (this.client !== client || this.listened.has(channel)) return;
    this.listened.add(channel);
    this.notify(channel);
  }

  private connect(): Promise<void> {
    this.connecting = this.makeConnection().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async makeConnection(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LISTENER_APPLICATION_NAME,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (message) => this.notify(message.channel));
    try {
      await client.connect();
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      for (const channel of this.handlers.keys()) await this.subscribe(client, channel);
    } catch (error) {
      this.client = client;
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.retryMs = RETRY_FIRST_MS;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.listened.clear();
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (error) this.onError?.(error);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(RETRY_MOST_MS, this.retryMs * 2);
  }
}
