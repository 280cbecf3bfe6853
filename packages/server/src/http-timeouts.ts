import type { Config } from './config';

/** Request headers must arrive whole within this (or REQUEST_TIMEOUT, if shorter). */
export const HEADERS_TIMEOUT_MS = 15_000;
/**
 * An idle keep-alive connection stays open this long: longer than the usual load balancer's
 * idle timeout (60 s), so that the balancer, not the server, closes idle connections and never
 * sends a request down one the server is closing at that moment.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** A socket on which nothing moves either way for this long is dropped (a client not reading). */
const IDLE_SOCKET_TIMEOUT_MS = 120_000;
/**
 * How often Node checks the header and request deadlines (its default, 30 s, would let a
 * half-sent request live 30 s past REQUEST_TIMEOUT).
 */
const DEADLINE_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's server options for the request and connection timeouts. A request whose headers
 * and body have not all arrived within REQUEST_TIMEOUT gets 408 and its connection closed, so
 * slow or stalled uploads cannot hold connections and memory; the time a handler takes
 * afterwards is not counted.
 */
export function httpTimeouts(config: Pick<Config, 'requestTimeout'>) {
  const requestTimeout = config.requestTimeout * 1000;
  return {
    requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: Math.max(IDLE_SOCKET_TIMEOUT_MS, requestTimeout),
    http: {
      requestTimeout,
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, requestTimeout),
      connectionsCheckingInterval: DEADLINE_CHECK_INTERVAL_MS,
    },
  };
}
