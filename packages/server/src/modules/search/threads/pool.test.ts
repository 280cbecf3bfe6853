import { EventEmitter } from 'node:events';
import { ApiError } from '../../../lib/errors';
import { GUEST } from '../../../plugins/viewer';
import type { SearchRequest } from '../query/service';
import { SearchPool, type SearchThread } from './pool';
import type { FromThread, SearchCall } from './protocol';

/** A thread that records its calls; the test answers them, says it is ready, or kills it. */
class FakeThread extends EventEmitter implements SearchThread {
  readonly calls: SearchCall[] = [];
  terminated = false;

  postMessage(call: SearchCall): void {
    this.calls.push(call);
  }

  async terminate(): Promise<number> {
    this.terminated = true;
    return 1;
  }

  send(message: FromThread): void {
    this.emit('message', message);
  }

  ready(buildMs = 10): void {
    this.send({ type: 'ready', buildMs });
  }

  answer(index: number, json: string): void {
    const call = this.calls[index];
    if (!call) throw new Error(`no call ${index}`);
    this.send({ type: 'answer', id: call.id, json });
  }

  die(code = 1): void {
    this.emit('error', new Error('out of memory'));
    this.emit('exit', code);
  }
}

const REQUEST: SearchRequest = { q: 'harbour', sort: 'newest', limit: 10, offset: 0 };

function pool(size: number) {
  const threads: FakeThread[] = [];
  const log = { info: jest.fn(), error: jest.fn() };
  const onFatal = jest.fn();
  const onClose = jest.fn();
  const searchPool = new SearchPool({
    size,
    log,
    onClose,
    spawn: () => {
      const thread = new FakeThread();
      threads.push(thread);
      return thread;
    },
  });
  searchPool.onFatal(onFatal);
  return { searchPool, threads, log, onFatal, onClose };
}

/** Lets the pool's awaits run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SearchPool', () => {
  it('starts once every thread is ready, answering the slowest build', async () => {
    const { searchPool, threads } = pool(2);
    const started = searchPool.start();
    expect(searchPool.start()).toBe(started);
    expect(threads).toHaveLength(2);
    let done = false;
    void started.then(() => (done = true));
    threads[0]?.ready(30);
    await settle();
    expect(done).toBe(false);
    threads[1]?.ready(20);
    await expect(started).resolves.toBe(30);
  });

  it('fails to start when a thread dies before it is ready, and stops the others', async () => {
    const { searchPool, threads } = pool(2);
    const started = searchPool.start();
    threads[0]?.ready();
    threads[1]?.die();
    await expect(started).rejects.toThrow(/search thread exited \(code 1\): out of memory/);
    expect(threads[0]?.terminated).toBe(true);
  });

  it('sends each search to the thread with the fewest in flight, and answers its JSON', async () => {
    const { searchPool, threads } = pool(2);
    const started = searchPool.start();
    const [a, b] = threads;
    if (!a || !b) throw new Error('two threads');
    a.ready();
    b.ready();
    await started;
    const first = searchPool.search(REQUEST, GUEST);
    await settle();
    const second = searchPool.related({ q: 'boat', limit: 5 }, GUEST);
    await settle();
    const third = searchPool.search({ ...REQUEST, q: 'sea' }, GUEST);
    await settle();
    expect(a.calls.map((call) => call.kind)).toEqual(['search', 'search']);
    expect(b.calls.map((call) => call.kind)).toEqual(['related']);
    expect(searchPool.load()).toEqual([2, 1]);
    a.answer(1, '{"third":true}');
    a.answer(0, '{"first":true}');
    b.answer(0, '{"second":true}');
    await expect(first).resolves.toBe('{"first":true}');
    await expect(second).resolves.toBe('{"second":true}');
    await expect(third).resolves.toBe('{"third":true}');
    expect(searchPool.load()).toEqual([0, 0]);
  });

  it("answers a thread's client error as the same ApiError, and a failure as an error", async () => {
    const { searchPool, threads } = pool(1);
    const started = searchPool.start();
    threads[0]?.ready();
    await started;
    const bad = searchPool.search({ ...REQUEST, offset: 20_000 }, GUEST);
    const broken = searchPool.search(REQUEST, GUEST);
    await settle();
    const [badCall, brokenCall] = threads[0]?.calls ?? [];
    threads[0]?.send({
      type: 'answer',
      id: badCall?.id ?? 0,
      status: 400,
      body: { offset: ['Result window is too large'] },
    });
    threads[0]?.send({ type: 'answer', id: brokenCall?.id ?? 0, failure: 'TypeError: boom' });
    const error = await bad.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      statusCode: 400,
      body: { offset: ['Result window is too large'] },
    });
    await expect(broken).rejects.toThrow('search thread: TypeError: boom');
  });

  it('replaces a thread that dies, failing only its searches in flight', async () => {
    const { searchPool, threads, log } = pool(2);
    const started = searchPool.start();
    threads[0]?.ready();
    threads[1]?.ready();
    await started;
    const lost = searchPool.search(REQUEST, GUEST);
    await settle();
    threads[0]?.die();
    await expect(lost).rejects.toThrow(/search thread exited/);
    expect(log.error).toHaveBeenCalled();
    expect(threads).toHaveLength(3);
    // Until the replacement is ready, the other thread answers everything.
    const next = searchPool.search(REQUEST, GUEST);
    const after = searchPool.search(REQUEST, GUEST);
    await settle();
    expect(threads[1]?.calls).toHaveLength(2);
    threads[1]?.answer(0, '1');
    threads[1]?.answer(1, '2');
    await expect(Promise.all([next, after])).resolves.toEqual(['1', '2']);
    threads[2]?.ready();
    expect(searchPool.load()).toEqual([0, 0]);
  });

  it('holds searches while no thread is ready, and sends them to the first one ready', async () => {
    const { searchPool, threads } = pool(1);
    const started = searchPool.start();
    threads[0]?.ready();
    await started;
    threads[0]?.die();
    const waiting = searchPool.search(REQUEST, GUEST);
    await settle();
    expect(threads[1]?.calls).toHaveLength(0);
    threads[1]?.ready();
    await settle();
    threads[1]?.answer(0, '"late"');
    await expect(waiting).resolves.toBe('"late"');
  });

  it('gives up when a replacement dies before it is ready (no crash loop)', async () => {
    const { searchPool, threads, onFatal } = pool(1);
    const started = searchPool.start();
    threads[0]?.ready();
    await started;
    threads[0]?.die();
    const waiting = searchPool.search(REQUEST, GUEST);
    threads[1]?.die();
    expect(onFatal).toHaveBeenCalledWith(
      expect.objectContaining({ message: expect.stringMatching(/exited/) }),
    );
    expect(threads).toHaveLength(2);
    await expect(waiting).rejects.toThrow(/stopping/);
  });

  it('stops every thread on close, failing what is in flight', async () => {
    const { searchPool, threads, onClose } = pool(2);
    const started = searchPool.start();
    threads[0]?.ready();
    threads[1]?.ready();
    await started;
    const inFlight = searchPool.search(REQUEST, GUEST);
    await settle();
    await searchPool.close();
    await expect(inFlight).rejects.toThrow(/stopping/);
    expect(threads.every((thread) => thread.terminated)).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    // A thread's exit during the close is not a death.
    threads[0]?.die();
    expect(threads).toHaveLength(2);
    await expect(searchPool.search(REQUEST, GUEST)).rejects.toThrow(/stopping/);
  });
});
