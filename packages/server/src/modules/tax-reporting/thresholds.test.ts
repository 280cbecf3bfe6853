import { parseThresholds, reportingThreshold, TAX_REPORTING_THRESHOLDS } from '@atelier/contracts';
import { ConfigError, loadConfig } from '../../config';

describe('1099-NEC reporting thresholds', () => {
  it('are $600 through 2025 and $2,000 from 2026', () => {
    expect(TAX_REPORTING_THRESHOLDS).toEqual({ 2025: 60_000, 2026: 200_000 });
    expect(reportingThreshold(2019).cents).toBe(60_000);
    expect(reportingThreshold(2025)).toEqual({ cents: 60_000, source: 'table', from_year: 2025 });
    expect(reportingThreshold(2026)).toEqual({ cents: 200_000, source: 'table', from_year: 2026 });
    // Indexed after 2026: unconfigured, the latest known amount, said so.
    expect(reportingThreshold(2028)).toEqual({
      cents: 200_000,
      source: 'carried forward',
      from_year: 2026,
    });
    expect(reportingThreshold(2028, { 2027: 210_000 })).toMatchObject({
      cents: 210_000,
      from_year: 2027,
    });
  });

  it('read TAX_1099_THRESHOLDS as year=dollars', () => {
    expect(parseThresholds('2027=2100.00, 2028=2150,2029=$2200.5')).toEqual({
      2027: 210_000,
      2028: 215_000,
      2029: 220_050,
    });
    expect(loadConfig({ TAX_1099_THRESHOLDS: '2027=2100' }).taxReportingThresholds).toEqual({
      2027: 210_000,
    });
    expect(loadConfig({}).taxReportingThresholds).toEqual({});
  });

  it('fail loudly at start on a bad entry', () => {
    for (const bad of ['2027', '2027=abc', '27=100', '2027=1.234', '2027=1,2027=2', '3000=5']) {
      expect(() => loadConfig({ TAX_1099_THRESHOLDS: bad })).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TAX_1099_THRESHOLDS: '2027=abc' })).toThrow(
      /TAX_1099_THRESHOLDS: "2027=abc" is not year=dollars/,
    );
    expect(() => loadConfig({ TAX_PAYER_TIN: '123' })).toThrow(/TAX_PAYER_TIN/);
    expect(loadConfig({ TAX_PAYER_TIN: '12-3456789' }).taxPayer?.tin).toBe('12-3456789');
  });
});
