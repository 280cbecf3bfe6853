import { BANK_FILE_COLUMNS } from '@atelier/contracts';
import { bankFileCsv, dollars } from './provider';

const row = (payeeName: string, reference = 'June royalties') => [
  'pay_1',
  'Ada Lovelace',
  'ADA',
  payeeName,
  'ada@example.com',
  'checking',
  'Ada Lovelace',
  'US',
  '011000015',
  '000123456789',
  '',
  '',
  dollars(2750),
  2750,
  'USD',
  reference,
];

describe('the bank file', () => {
  it('is a header row and one CRLF-ended row per payment, numbers as they are', () => {
    const csv = bankFileCsv([row('Ada Lovelace')]);
    expect(csv).toBe(
      `${BANK_FILE_COLUMNS.join(',')}\r\n` +
        'pay_1,Ada Lovelace,ADA,Ada Lovelace,ada@example.com,checking,Ada Lovelace,US,' +
        '011000015,000123456789,,,27.50,2750,USD,June royalties\r\n',
    );
  });

  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    const csv = bankFileCsv([row('Lovelace, "Ada"\nCountess', '=HYPERLINK("http://x")')]);
    const line = csv.split('\r\n')[1]!;
    expect(line).toContain(',"Lovelace, ""Ada""\nCountess",');
    expect(line.endsWith(`,"'=HYPERLINK(""http://x"")"`)).toBe(true);
    expect(bankFileCsv([row('@admin')]).split('\r\n')[1]).toContain(",'@admin,");
  });
});
