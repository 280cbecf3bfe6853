import { readFileSync } from 'node:fs';
import path from 'node:path';

const SERVER_DIR = path.resolve(__dirname, '..');
const REPO_ROOT = path.resolve(SERVER_DIR, '../..');

/** node's flags in a `node FLAGS dist/server.js` command, or null when it has none of that form. */
const flagsOf = (command: string): string | null =>
  /\bnode ((?:--[\w-]+(?:=\S+)? )*)dist\/server\.js\b/.exec(command)?.[1]?.trim() ?? null;

describe("the server's node flags", () => {
  const start = (
    JSON.parse(readFileSync(path.join(SERVER_DIR, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    }
  ).scripts.start as string;

  // The search benchmarks measured them (docs/performance.md); the image must run the same.
  it('are the same in `pnpm start` and the server image', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'deploy', 'server.Dockerfile'), 'utf8');
    const cmd = dockerfile.split('\n').find((line) => line.startsWith('CMD '));
    expect(flagsOf(start)).not.toBeNull();
    expect(flagsOf(cmd ?? '')).toBe(flagsOf(start));
  });

  it('size the young generation, collect garbage on the thread that made it, and let the old generation double', () => {
    expect(flagsOf(start)?.split(' ')).toEqual(
      expect.arrayContaining([
        '--max-semi-space-size=16',
        '--single-threaded-gc',
        '--heap-growing-percent=100',
      ]),
    );
  });
});
