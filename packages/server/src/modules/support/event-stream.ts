import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A comment line this often keeps the stream moving: proxies and load balancers drop a
 * connection idle for 60 s, and the server's own idle-socket timeout (http-timeouts.ts) is
 * switched off for the stream.
 */
const HEARTBEAT_MS = 25_000;
/** How long an EventSource waits before reconnecting after the stream ends. */
const RETRY_MS = 3_000;
/** The event sent once the stream listens: read the state afresh, every later change comes. */
export const READY_EVENT = 'ready';

export interface EventStream {
  send(event: string, data: unknown): void;
  close(): void;
}

/** The open streams of an app, ended when it closes (else close would wait for the clients). */
const openStreams = new WeakMap<FastifyInstance, Set<EventStream>>();

function streamsOf(app: FastifyInstance): Set<EventStream> {
  let streams = openStreams.get(app);
  if (!streams) {
    const created = new Set<EventStream>();
    openStreams.set(app, (streams = created));
    app.addHook('preClose', async () => {
      for (const stream of [...created]) stream.close();
    });
  }
  return streams;
}

/** Registers the app's preClose hook that ends open streams (before it starts listening). */
export const endStreamsOnClose = (app: FastifyInstance): void => void streamsOf(app);

/**
 * Answers with a server-sent event stream written straight to the socket: the reply is
 * hijacked, so neither the compression plugin (a compressed stream would be buffered) nor
 * the serializer touches it, and the socket's idle timeout is off (REQUEST_TIMEOUT only
 * bounds receiving the request, which is over). `subscribe` starts listening and answers its
 * unsubscribe; the stream then sends READY_EVENT and a heartbeat until either side closes.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  subscribe: (stream: EventStream) => Promise<() => void>,
): Promise<void> {
  const res = reply.raw;
  const streams = streamsOf(request.server);
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let ended = false;
  /** Events that came before the headers went out. */
  let early: string[] | null = [];

  const write = (text: string) => {
    if (ended) return;
    if (early) early.push(text);
    else res.write(text);
  };
  const stream: EventStream = {
    send(event, data) {
      write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    close() {
      if (ended) return;
      ended = true;
      streams.delete(stream);
      if (heartbeat) clearInterval(heartbeat);
      unsubscribe?.();
      if (!early) res.end();
    },
  };
  // Subscribed before the headers go out: a failure is still an ordinary error answer.
  unsubscribe = await subscribe(stream);

  reply.hijack();
  const headers: Record<string, string | number | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length' && name !== 'content-encoding') {
      headers[name] = value;
    }
  }
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx would otherwise buffer the stream.
    'x-accel-buffering': 'no',
  });
  // No idle timeout on a live stream (an injected request's socket has no such method).
  const socket = request.raw.socket as Partial<Socket> | null;
  socket?.setTimeout?.(0);
  res.on('close', () => stream.close());
  streams.add(stream);
  const waiting = early;
  early = null;
  write(`retry: ${RETRY_MS}\n\n`);
  stream.send(READY_EVENT, {});
  for (const text of waiting) write(text);
  heartbeat = setInterval(() => write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
}
