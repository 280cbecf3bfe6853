import { Worker } from 'node:worker_threads';
import { sizeThreadsYoungGeneration } from './spawn';

/** The young generation (V8's new space) of a thread made now, in MB, as it starts. */
function newThreadsYoungGeneration(): Promise<number> {
  const worker = new Worker(
    `const { getHeapSpaceStatistics } = require('node:v8');
     const { parentPort } = require('node:worker_threads');
     const space = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
     parentPort.postMessage(space.space_size / 1048576);`,
    { eval: true },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (megabytes: number) => {
      void worker.terminate().then(() => resolve(megabytes));
    });
    worker.once('error', reject);
  });
}

describe('search threads’ young generation', () => {
  it('starts at the server’s --max-semi-space-size, not V8’s 1 MB', async () => {
    const before = await newThreadsYoungGeneration();
    expect(before).toBeLessThan(8);
    sizeThreadsYoungGeneration(['--max-semi-space-size=8', '--import', 'tsx']);
    expect(await newThreadsYoungGeneration()).toBeGreaterThanOrEqual(8);
  });

  it('changes nothing when the server was given no valid size', async () => {
    sizeThreadsYoungGeneration(['--max-semi-space-size=8']);
    sizeThreadsYoungGeneration(['--import', 'tsx', '--max-semi-space-size=abc']);
    sizeThreadsYoungGeneration(['--import', 'tsx']);
    expect(await newThreadsYoungGeneration()).toBeGreaterThanOrEqual(8);
  });
});
