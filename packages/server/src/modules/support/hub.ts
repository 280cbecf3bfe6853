import type { SupportEvent } from '@atelier/contracts';
import pg from 'pg';

/** The PostgreSQL channel support notices travel on between processes. */
const SUPPORT_CHANNEL = 'atelier_support';

/** What changed: a conversation, and the message added to it (null: its status changed). */
export interface SupportNotice {
  conversation: number;
  message: number | null;
}

/** Who listens: one conversation's visitor, or staff (every conversation). */
type SupportTopic = number | 'staff';

type SupportListener = (event: SupportEvent) => void;

export interface SupportHub {
  /** Tells every process's listeners (after the change is committed). */
  publish(notice: SupportNotice): Promise<void>;
  /**
   * Listens to a topic until the returned function is called. Resolves once notices from
   * every process reach the listener: what changed before that, the caller reads itself.
   */
  subscribe(topic: SupportTopic, listener: SupportListener): Promise<() => void>;
  close(): Promise<void>;
}

export interface SupportHubOptions {
  /** The full event of a notice (the message read back); null when it is gone. */
  resolve(notice: SupportNotice): Promise<SupportEvent | null>;
  /** PostgreSQL: notices go through NOTIFY, so that every worker and replica hears them. */
  postgres?: {
    url: string;
    /** Sends `pg_notify(channel, payload)` on the app's pool. */
    notify(channel: string, payload: string): Promise<void>;
  };
  onError?: (error: Error) => void;
}

const RETRY_FIRST_MS = 250;
const RETRY_MOST_MS = 10_000;
const RESYNC: SupportEvent = { kind: 'resync', conversation: null, status: null, message: null };

const isNotice = (value: unknown): value is SupportNotice =>
  typeof value === 'object' &&
  value !== null &&
  Number.isInteger((value as SupportNotice).conversation) &&
  ((value as SupportNotice).message === null || Number.isInteger((value as SupportNotice).message));

/**
 * Live support updates. In one process (PGlite) a notice goes straight to the listeners;
 * on PostgreSQL it goes out with NOTIFY and comes back to each process from its LISTEN
 * connection (its own included), which is made at the first subscription and made again
 * when lost (listeners then get a 'resync': what was said meanwhile was not heard).
 */
export function createSupportHub(options: SupportHubOptions): SupportHub {
  const listeners = new Map<SupportTopic, Set<SupportListener>>();
  let closed = false;

  const dispatch = async (notice: SupportNotice) => {
    const visitor = listeners.get(notice.conversation);
    const staff = listeners.get('staff');
    if (!visitor?.size && !staff?.size) return;
    let event: SupportEvent | null;
    try {
      event = await options.resolve(notice);
    } catch (error) {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (!event) return;
    for (const listener of [...(visitor ?? []), ...(staff ?? [])]) listener(event);
  };

  const resyncAll = () => {
    for (const set of listeners.values()) for (const listener of set) listener(RESYNC);
  };

  const add = (topic: SupportTopic, listener: SupportListener) => {
    let set = listeners.get(topic);
    if (!set) listeners.set(topic, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && listeners.get(topic) === set) listeners.delete(topic);
    };
  };

  const postgres = options.postgres;
  if (!postgres) {
    return {
      async publish(notice) {
        await dispatch(notice);
      },
      async subscribe(topic, listener) {
        return add(topic, listener);
      },
      async close() {
        closed = true;
        listeners.clear();
      },
    };
  }

  let client: pg.Client | null = null;
  let listening: Promise<void> | null = null;
  let retryMs = RETRY_FIRST_MS;
  let timer: NodeJS.Timeout | null = null;

  const lost = (lostClient: pg.Client, error?: Error) => {
    if (client !== lostClient) return;
    client = null;
    listening = null;
    void lostClient.end().catch(() => undefined);
    if (closed) return;
    if (error) options.onError?.(error);
    timer = setTimeout(() => {
      timer = null;
      if (listeners.size === 0) return;
      listen().then(resyncAll, () => undefined);
    }, retryMs);
    timer.unref();
    retryMs = Math.min(RETRY_MOST_MS, retryMs * 2);
  };

  const listen = (): Promise<void> => {
    if (listening) return listening;
    const next = new pg.Client({ connectionString: postgres.url });
    client = next;
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next));
    next.on('notification', (message) => {
      if (message.channel !== SUPPORT_CHANNEL || !message.payload) return;
      let notice: unknown;
      try {
        notice = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (isNotice(notice)) void dispatch(notice);
    });
    listening = (async () => {
      try {
        await next.connect();
        await next.query(`listen ${SUPPORT_CHANNEL}`);
        retryMs = RETRY_FIRST_MS;
      } catch (error) {
        lost(next, error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    })();
    return listening;
  };

  return {
    async publish(notice) {
      await postgres.notify(SUPPORT_CHANNEL, JSON.stringify(notice));
    },
    async subscribe(topic, listener) {
      const remove = add(topic, listener);
      try {
        await listen();
      } catch (error) {
        remove();
        throw error;
      }
      return remove;
    },
    async close() {
      closed = true;
      listeners.clear();
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      listening = null;
      await current?.end().catch(() => undefined);
    },
  };
}
