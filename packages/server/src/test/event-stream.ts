/** Injecting requests whose answer may be a server-sent event stream (test code only). */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

interface StreamEvent {
  event: string;
  data: unknown;
}

export interface InjectedAnswer {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  /** An ordinary answer's whole body; for an event stream, what it sent until the first event. */
  body: string;
  /** An event stream: the next event (named `event` if given), within `timeoutMs`. */
  next(event?: string, timeoutMs?: number): Promise<StreamEvent>;
  /** Ends an event stream as a client going away does. */
  close(): void;
}

const isEventStream = (headers: InjectedAnswer['headers']) =>
  String(headers['content-type'] ?? '').startsWith('text/event-stream');

function parseBlock(block: string): StreamEvent | null {
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data.push(line.slice(6));
  }
  if (data.length === 0) return null;
  return { event, data: JSON.parse(data.join('\n')) as unknown };
}

/**
 * Injects a request without waiting for the answer's end: an ordinary answer is read whole,
 * an event stream until its first event, then kept open for `next()` until `close()`.
 */
export async function injectStream(
  app: FastifyInstance,
  options: InjectOptions,
): Promise<InjectedAnswer> {
  const res = await app.inject({ ...options, payloadAsStream: true });
  const stream = res.stream();
  const raw = res.raw.res;
  const close = () => {
    stream.destroy();
    raw.destroy();
  };
  if (!isEventStream(res.headers)) {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const body = Buffer.concat(chunks).toString('utf8');
    return {
      statusCode: res.statusCode,
      headers: res.headers,
      body,
      next: () => Promise.reject(new Error(`not an event stream: ${res.statusCode} ${body}`)),
      close,
    };
  }

  const noBody = async () => Promise.reject(new Error('a HEAD answer has no events'));
  if (String(options.method ?? 'GET').toUpperCase() === 'HEAD') {
    // Headers only: the stream sends no event to wait for.
    return { statusCode: res.statusCode, headers: res.headers, body: '', next: noBody, close };
  }

  let text = '';
  let received = '';
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
    received += chunk.toString('utf8');
    let end = text.indexOf('\n\n');
    while (end !== -1) {
      const parsed = parseBlock(text.slice(0, end));
      text = text.slice(end + 2);
      if (parsed) events.push(parsed);
      end = text.indexOf('\n\n');
    }
    for (const wake of waiters.splice(0)) wake();
  });
  stream.on('error', () => undefined);

  const next = async (event?: string, timeoutMs = 5_000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = events.findIndex((e) => event === undefined || e.event === event);
      if (index !== -1) return events.splice(index, 1)[0]!;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${event ?? ''} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  const first = await next(undefined);
  events.unshift(first);
  return { statusCode: res.statusCode, headers: res.headers, body: received, next, close };
}
