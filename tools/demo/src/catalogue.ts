import type { Kysely } from 'kysely';
import {
  generateCatalogue as generate,
  type DemoImportLine,
  type GenerateOptions,
  type GenerateResult,
} from '@atelier/demo-data';
import { importLines, type ImportRecordInput } from '@atelier/server/src/modules/catalogue-import';
import type { DB } from '@atelier/server/src/db/schema';

/** A demo record is an import record: checked here, where both types are known. */
const demoLines = (lines: DemoImportLine[]) =>
  lines satisfies { line: number; value: ImportRecordInput }[];

/** The demo generator over the server's catalogue import (docs/demo-catalogue.md). */
export function generateCatalogue(
  db: Kysely<DB>,
  options: GenerateOptions,
): Promise<GenerateResult> {
  return generate(db, {
    ...options,
    importLines: (to, lines, importOptions) => importLines(to, demoLines(lines), importOptions),
  });
}
