import pg from 'pg';

/** The channel migration 0008 notifies on when images or artists change. */
const SEARCH_CHANNEL = 'atelier_search';

const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 10_000;

/**
 * A count that moves whenever a PostgreSQL database may have changed: statements of this
 * process that may have written, counted once they completed, plus notifications on
 * SEARCH_CHANNEL from any process, received on a connection of its own. -1 while that
 * connection is not listening (not yet, or lost and being made again): then nobody can
 * tell, and a reader must look. Listening starts at the first `count()`.
 */
export class PostgresChanges {
  private writes = 0;
  private notified = 0;
  private listening = false;
  private started = false;
  private closed = false;
  private client: pg.Client | null = null;
  private retryMs = RETRY_FIRST_MS;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly onError?: (error: Error) => void,
  ) {}

  count(): number {
    if (!this.started) {
      this.started = true;
      void this.listen();
    }
    return this.listening ? this.writes + this.notified : -1;
  }

  /** A statement of this process may have written (called after it completed). */
  wrote(): void {
    this.writes += 1;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.url });
    this.client = client;
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', () => {
      this.notified += 1;
    });
    try {
      await client.connect();
      await client.query(`listen ${SEARCH_CHANNEL}`);
    } catch (error) {
      this.lost(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (this.client !== client) return;
    // Whatever changed while nobody listened is read by the next catch-up: move the count.
    this.notified += 1;
    this.listening = true;
    this.retryMs = RETRY_FIRST_MS;
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.listening = false;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    if (error) this.onError?.(error);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.listen();
    }, this.retryMs);
    this.timer.unref();
    this.retryMs = Math.min(RETRY_MOST_MS, this.retryMs * 2);
  }
}
