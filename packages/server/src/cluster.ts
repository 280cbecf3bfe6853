import cluster, { type Worker } from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';

/** What the primary and its workers tell each other. */
type Message = { type: 'built' } | { type: 'listen' } | { type: 'listening' };

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).type === 'string';

const STOP_TIMEOUT_MS = 15_000;
/** A worker that dies sooner than this after its start is not started again (a crash loop). */
const MIN_UPTIME_MS = 10_000;

/**
 * The primary of a cluster of `count` HTTP workers (node:cluster). Each worker builds its
 * own search index; once every one has, all are told to listen together: node:cluster hands
 * a connection only to a worker already listening, so a worker late to listen would get
 * none of the first keep-alive connections. A worker that dies is replaced; SIGTERM or
 * SIGINT stop every worker, then the primary. Resolves with the exit code.
 */
export function runPrimary(count: number, log: FastifyBaseLogger): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now();
    const built = new Set<Worker>();
    const listening = new Set<Worker>();
    const startedAt = new Map<Worker, number>();
    let allListening = false;
    let stopping = false;
    let exitCode = 0;

    const fork = (): void => {
      const worker = cluster.fork();
      startedAt.set(worker, Date.now());
      worker.on('message', (message: unknown) => {
        if (!isMessage(message)) return;
        if (message.type === 'built') {
          built.add(worker);
          // The first ones wait for the others; a replacement listens at once.
          if (allListening) worker.send({ type: 'listen' } satisfies Message);
          else if (built.size === count) {
            for (const each of built) each.send({ type: 'listen' } satisfies Message);
          }
        } else if (message.type === 'listening') {
          listening.add(worker);
          if (!allListening && listening.size === count) {
            allListening = true;
            log.info(
              `${count} workers ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
            );
          }
        }
      });
    };

    cluster.on('exit', (worker, code, signal) => {
      built.delete(worker);
      listening.delete(worker);
      if (stopping) {
        if (Object.keys(cluster.workers ?? {}).length === 0) resolve(exitCode);
        return;
      }
      const uptime = Date.now() - (startedAt.get(worker) ?? 0);
      startedAt.delete(worker);
      log.error({ pid: worker.process.pid, code, signal }, 'worker died');
      if (uptime < MIN_UPTIME_MS) {
        log.error('a worker died while starting: stopping the server');
        exitCode = 1;
        stop();
        return;
      }
      fork();
    });

    const stop = (): void => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
      if (workers.length === 0) resolve(exitCode);
      for (const worker of workers) worker.process.kill('SIGTERM');
      setTimeout(() => {
        log.error('workers did not stop in time');
        resolve(1);
      }, STOP_TIMEOUT_MS).unref();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);

    for (let i = 0; i < count; i++) fork();
  });
}

/** In a worker: tells the primary its index is built, and resolves when it may listen. */
export function builtAwaitingListen(): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown): void => {
      if (!isMessage(message) || message.type !== 'listen') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ type: 'built' } satisfies Message);
  });
}

/** In a worker: tells the primary it listens. */
export function reportListening(): void {
  process.send?.({ type: 'listening' } satisfies Message);
}
