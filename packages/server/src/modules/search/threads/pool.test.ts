import { EventEmitter } from 'node:events';
import { ApiError } from '../../../lib/errors';
import { GUEST } from '../../../plugins/viewer';
import type { SearchRequest } from '../query/service';
import {
  AFFINITY_WINDOW,
  SearchPool,
  THREAD_QUEUE,
  searchAffinity,
  type SearchThread,
} from './pool';
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
    this.send({ type: 'ready', buildMs, images: 1000 + buildMs, warmUpFailures: 0 });
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
  const onStarted = jest.fn();
  const searchPool = new SearchPool({
    size,
    log,
    onClose,
    onStarted,
    spawn: () => {
      const thread = new FakeThread();
      threads.push(thread);
      return thread;
    },
  });
  searchPool.onFatal(onFatal);
  return { searchPool, threads, log, onFatal, onClose, onStarted };
}

/** Lets the pool's awaits run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SearchPool', () => {
  it('starts once every thread is ready, answering the slowest build', async () => {
    const { searchPool, threads, onStarted } = pool(2);
    const started = searchPool.start();
    expect(searchPool.start()).toBe(started);
    expect(threads).toHaveLength(2);
    let done = false;
    void started.then(() => (done = true));
    threads[0]?.ready(30);
    await settle();
    expect(done).toBe(false);
    expect(onStarted).not.toHaveBeenCalled();
    threads[1]?.ready(20);
    await expect(started).resolves.toBe(30);
    expect(onStarted).toHaveBeenCalledWith(1030);
  });

  it("logs a thread's failed warm-up searches, and starts all the same", async () => {
    const { searchPool, threads, log } = pool(1);
    const started = searchPool.start();
    threads[0]?.send({ type: 'ready', buildMs: 10, images: 1010, warmUpFailures: 2 });
    await expect(started).resolves.toBe(10);
    expect(log.error).toHaveBeenCalledWith(
      { failures: 2 },
      'search thread: warm-up searches failed',
    );
  });

  it('fails to start when a thread dies before it is ready, and stops the others', async () => {
    const { searchPool, threads } = pool(2);
    const started = searchPool.start();
    threads[0]?.ready();
    threads[1]?.die();
    await expect(started).rejects.toThrow(/search thread exited \(code 1\): out of memory/);
    expect(threads[0]?.terminated).toBe(true);
  });

  it('sends a search, any page or sort, to its own thread, and answers its JSON', async () => {
    const { searchPool, threads } = pool(2);
    const started = searchPool.start();
    threads.forEach((thread) => thread.ready());
    await started;
    const own = threads[searchAffinity(REQUEST, GUEST) % 2];
    const other = threads.find((thread) => thread !== own);
    if (!own || !other) throw new Error('two threads');
    const first = searchPool.search(REQUEST, GUEST);
    const next = searchPool.search({ ...REQUEST, offset: 10, sort: 'popular' }, GUEST);
    await settle();
    expect(own.calls.map((call) => call.request)).toEqual([
      REQUEST,
      { ...REQUEST, offset: 10, sort: 'popular' },
    ]);
    expect(other.calls).toHaveLength(0);
    own.answer(1, '{"next":true}');
    own.answer(0, '{"first":true}');
    await expect(first).resolves.toBe('{"first":true}');
    await expect(next).resolves.toBe('{"next":true}');
    expect(searchPool.load()).toEqual([0, 0]);
    // Another search, or the same for another kind of viewer, may belong elsewhere.
    expect(searchAffinity({ ...REQUEST, q: 'boat' }, GUEST)).not.toBe(
      searchAffinity(REQUEST, GUEST),
    );
    expect(searchAffinity(REQUEST, { ...GUEST, isStaff: true })).not.toBe(
      searchAffinity(REQUEST, GUEST),
    );
  });

  /** A started pool of two, the threads REQUEST and `elsewhere` belong to, and `elsewhere`. */
  async function twoThreads() {
    const made = pool(2);
    const started = made.searchPool.start();
    made.threads.forEach((thread) => thread.ready());
    await started;
    const ownIndex = searchAffinity(REQUEST, GUEST) % 2;
    const elsewhere = ['boat', 'sea', 'dune', 'pier', 'cliff']
      .map((q) => ({ ...REQUEST, q }))
      .find((request) => searchAffinity(request, GUEST) % 2 !== ownIndex);
    const [own, other] = [made.threads[ownIndex], made.threads[1 - ownIndex]];
    if (!elsewhere || !own || !other) throw new Error('two threads, two searches');
    return { ...made, own, other, elsewhere };
  }

  const page = (n: number): SearchRequest => ({ ...REQUEST, offset: 10 * n });
  const offsets = (thread: FakeThread) =>
    thread.calls.map((call) => (call.kind === 'search' ? call.request.offset : -1));

  it(`gives a thread ${THREAD_QUEUE} searches at most; the rest wait, oldest first, for the first with room`, async () => {
    const { searchPool, own, other } = await twoThreads();
    const count = 2 * THREAD_QUEUE + 2;
    const searches = Array.from({ length: count }, (_, n) => searchPool.search(page(n), GUEST));
    await settle();
    // Its own thread first; once that is full, the other: no thread waits while one is busy.
    expect(offsets(own)).toEqual(Array.from({ length: THREAD_QUEUE }, (_, n) => 10 * n));
    expect(offsets(other)).toEqual(
      Array.from({ length: THREAD_QUEUE }, (_, n) => 10 * (THREAD_QUEUE + n)),
    );
    expect(searchPool.load().sort()).toEqual([THREAD_QUEUE, THREAD_QUEUE]);
    // The other thread answers first: it takes the oldest waiting, though not its own.
    other.answer(0, '"a"');
    expect(offsets(other).at(-1)).toBe(10 * 2 * THREAD_QUEUE);
    own.answer(0, '"b"');
    expect(offsets(own).at(-1)).toBe(10 * (2 * THREAD_QUEUE + 1));
    own.calls.slice(1).forEach((_, i) => own.answer(i + 1, '"own"'));
    other.calls.slice(1).forEach((_, i) => other.answer(i + 1, '"other"'));
    const answers = await Promise.all(searches);
    expect(answers[0]).toBe('"b"');
    expect(answers[THREAD_QUEUE]).toBe('"a"');
    expect(answers).toHaveLength(count);
    expect(searchPool.load()).toEqual([0, 0]);
  });

  it(`lets a thread with room take one of its own from the oldest ${AFFINITY_WINDOW} waiting`, async () => {
    const { searchPool, own, other, elsewhere } = await twoThreads();
    // Both threads full, then: REQUEST's (own thread busy), then one of the other's.
    const full = [
      ...Array.from({ length: THREAD_QUEUE }, () => searchPool.search(REQUEST, GUEST)),
      ...Array.from({ length: THREAD_QUEUE }, () => searchPool.search(elsewhere, GUEST)),
    ];
    const mine = searchPool.search(page(7), GUEST);
    const theirs = searchPool.search({ ...elsewhere, offset: 70 }, GUEST);
    await settle();
    expect(own.calls).toHaveLength(THREAD_QUEUE);
    expect(other.calls).toHaveLength(THREAD_QUEUE);
    other.answer(0, '"x"');
    // Not the oldest: the other thread's own, second in line.
    expect(other.calls.at(-1)?.request).toEqual({ ...elsewhere, offset: 70 });
    own.answer(0, '"y"');
    expect(offsets(own).at(-1)).toBe(70);
    // Past the window, the oldest is taken whatever thread it belongs to.
    const queued = Array.from({ length: AFFINITY_WINDOW }, (_, n) =>
      searchPool.search(page(20 + n), GUEST),
    );
    const late = searchPool.search({ ...elsewhere, offset: 900 }, GUEST);
    await settle();
    other.answer(1, '"z"');
    expect(offsets(other).at(-1)).toBe(200);
    for (const thread of [own, other]) {
      for (let i = 0; i < thread.calls.length; i++) thread.answer(i, `"${i}"`);
    }
    await expect(Promise.all([...full, mine, theirs, ...queued, late])).resolves.toHaveLength(
      2 * THREAD_QUEUE + 3 + AFFINITY_WINDOW,
    );
    expect(searchPool.load()).toEqual([0, 0]);
  });

  it('sends related searches through the same queue', async () => {
    const { searchPool, threads } = await twoThreads();
    const related = searchPool.related({ q: 'boat', limit: 5 }, GUEST);
    await settle();
    const answering = threads.find((thread) =>
      thread.calls.some((call) => call.kind === 'related'),
    );
    const call = answering?.calls.find((c) => c.kind === 'related');
    answering?.send({ type: 'answer', id: call?.id ?? 0, json: '{"images":[]}' });
    await expect(related).resolves.toBe('{"images":[]}');
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
    threads.forEach((thread) => thread.ready());
    await started;
    const own = searchAffinity(REQUEST, GUEST) % 2;
    const elsewhere = ['boat', 'sea', 'dune', 'pier', 'cliff']
      .map((q) => ({ ...REQUEST, q }))
      .find((request) => searchAffinity(request, GUEST) % 2 !== own);
    const [victim, survivor] = [threads[own], threads[1 - own]];
    if (!elsewhere || !victim || !survivor) throw new Error('two threads, two searches');
    const lost = searchPool.search(REQUEST, GUEST);
    const kept = searchPool.search(elsewhere, GUEST);
    await settle();
    victim.die();
    await expect(lost).rejects.toThrow(/search thread exited \(code 1\): out of memory/);
    expect(log.error).toHaveBeenCalled();
    expect(threads).toHaveLength(3);
    // Until the replacement is ready, the other thread answers everything, its own too.
    const next = searchPool.search(REQUEST, GUEST);
    await settle();
    expect(survivor.calls.map((call) => call.request)).toEqual([elsewhere, REQUEST]);
    survivor.answer(0, '"kept"');
    survivor.answer(1, '"next"');
    await expect(kept).resolves.toBe('"kept"');
    await expect(next).resolves.toBe('"next"');
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
