import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './config';

/** The variables the server's environment schema reads, from config.ts's own source. */
function schemaVariables(): string[] {
  const source = readFileSync(path.join(__dirname, 'config.ts'), 'utf8');
  const start = source.indexOf('const envSchema = z.object({');
  const end = source.indexOf('\n});', start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  return [...source.slice(start, end).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map(
    ([, name]) => name!,
  );
}

/** The variables docs/configuration.md documents: the first cell of its table rows. */
function documentedVariables(): Set<string> {
  const doc = readFileSync(path.join(REPO_ROOT, 'docs', 'configuration.md'), 'utf8');
  const names = new Set<string>();
  for (const [, cell] of doc.matchAll(/^\| ([^|]+)\|/gm)) {
    for (const [, name] of cell!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)) names.add(name!);
  }
  return names;
}

describe('docs/configuration.md', () => {
  it('has a row for every variable the server reads', () => {
    const variables = schemaVariables();
    expect(variables.length).toBeGreaterThan(20);
    const documented = documentedVariables();
    expect(variables.filter((name) => !documented.has(name))).toEqual([]);
  });
});
