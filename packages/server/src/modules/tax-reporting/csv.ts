import { FORM_1099_NEC_COLUMNS } from '@atelier/contracts';
import { stringify } from 'csv-stringify/sync';

/**
 * The 1099-NEC rows as RFC 4180 CSV (csv-stringify): a header row, fields quoted where they
 * need it, CRLF line ends, and any cell starting with = + - @ (or a tab or CR) prefixed with
 * an apostrophe so that a spreadsheet shows it as text, never runs it as a formula.
 */
export function form1099Csv(
  rows: ReadonlyArray<Record<(typeof FORM_1099_NEC_COLUMNS)[number], string | number>>,
): string {
  return stringify(rows as Array<Record<string, string | number>>, {
    header: true,
    columns: [...FORM_1099_NEC_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}

export const csvFileName = (year: number, fullTin: boolean): string =>
  `1099-nec-${year}${fullTin ? '-full-tin' : ''}.csv`;
