/** Words of the tax reporting screens (docs/royalty-levels-and-tax.md). */
export const OVER_THRESHOLD = 'Over threshold';
export const UNDER_THRESHOLD = 'Under';
export const NO_FORM = 'None';
export const NO_PAYEES = 'No artist was paid in this year';
export const EXPORT_MASKED = 'Export 1099-NEC CSV';
export const EXPORT_FULL_TIN = 'Export with full TINs';
export const FULL_TIN_CONFIRM_TITLE = 'Export with full TINs?';
export const FULL_TIN_CONFIRM_TEXT =
  'The file holds every recipient’s whole taxpayer identification number. This export is recorded with your name and the time, and each recipient’s TIN read is logged.';
export const UTC_NOTE =
  'Totals are the COMPLETED artist payments whose completion date falls in the calendar year, in UTC.';
export const W8_NOTE =
  'W-8BEN payees are foreign persons and are not 1099-NEC recipients: they are listed here but left out of the export.';
export const THRESHOLD_SOURCES = {
  table: 'IRS threshold',
  configured: 'configured for this year',
  'carried forward': 'carried forward from',
} as const;

/** The years the picker offers: from 2020 to this year. */
export function taxYears(now: Date = new Date()): number[] {
  const last = now.getUTCFullYear();
  const years: number[] = [];
  for (let year = last; year >= 2020; year--) years.push(year);
  return years;
}

export const defaultTaxYear = (now: Date = new Date()) => now.getUTCFullYear() - 1;
