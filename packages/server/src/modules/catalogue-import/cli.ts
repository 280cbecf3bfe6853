/**
 * Loads a catalogue import file (JSON Lines; docs/catalogue-import.md):
 *   pnpm catalogue:import FILE [--verbose]
 * Uses the server's environment (DATABASE_URL, DATA_DIR, MEDIA_DIR). Prints each rejected
 * line with its reason and a summary. Exit code 1 only when nothing could be read: the file
 * cannot be opened, or no line was accepted.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { migrate } from '../../db/migrate';
import { ImportFailed, importFile, nothingRead, summary, type ImportReport } from './importer';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    allowPositionals: true,
    options: { verbose: { type: 'boolean', short: 'v' } },
  });
  if (positionals.length !== 1) {
    console.error('usage: pnpm catalogue:import FILE [--verbose]');
    return 2;
  }
  // pnpm runs this from packages/server; a relative FILE is relative to where it was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), positionals[0] as string);
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    await migrate(database.db);
    console.log(`Importing ${file} into ${config.mediaDir} (${database.kind})...`);
    let report: ImportReport;
    try {
      report = await importFile(database.db, file, {
        mediaDir: config.mediaDir,
        onLine: (line, outcome, detail) => {
          if (values.verbose) console.log(`line ${line}: ${outcome} (${detail})`);
        },
      });
    } catch (error) {
      if (error instanceof ImportFailed) {
        // Batches are committed in order: everything before the failed lines is loaded.
        console.error(
          `Import stopped at ${error.message}\n` +
            `Lines before ${error.firstLine} were loaded; running the import again resumes ` +
            '(loaded lines come out unchanged).',
        );
        return 1;
      }
      const code = (error as NodeJS.ErrnoException).code;
      console.error(`Cannot read ${file}: ${code ?? (error as Error).message}`);
      return 1;
    }
    if (!values.verbose) {
      for (const { line, reason } of report.rejected)
        console.log(`line ${line}: rejected: ${reason}`);
    }
    console.log(summary(report));
    return nothingRead(report) ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
