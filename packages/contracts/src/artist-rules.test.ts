import {
  isValidEin,
  isValidIban,
  isValidRoutingNumber,
  isValidSsn,
  maskTin,
  normalizeIban,
} from './artist-rules';

describe('ABA routing numbers', () => {
  it.each(['011000015', '021000021', '121000358', '026009593'])('%s passes its check digit', (n) =>
    expect(isValidRoutingNumber(n)).toBe(true),
  );
  it.each(['011000016', '021000022', '12345678', '0110000150', '01100001a', '000000000'])(
    '%s is refused',
    (n) => expect(isValidRoutingNumber(n)).toBe(false),
  );
});

describe('IBANs (ibantools)', () => {
  it('takes a valid one as typed, with spaces and in lower case', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isValidIban('gb82 west 1234 5698 7654 32')).toBe(true);
    expect(normalizeIban('gb82 west 1234 5698 7654 32')).toBe('GB82WEST12345698765432');
  });
  it('refuses a wrong check digit, length or country', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isValidIban('DE89 3704 0044 0532 0130')).toBe(false);
    expect(isValidIban('XX89 3704 0044 0532 0130 00')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
});

describe('TINs', () => {
  it('checks SSNs by the SSA rules', () => {
    expect(isValidSsn('123-45-6789')).toBe(true);
    expect(isValidSsn('123456789')).toBe(true);
    for (const bad of [
      '000-12-3456',
      '666-12-3456',
      '912-34-5678',
      '123-00-4567',
      '123-45-0000',
      '12-345-678',
    ])
      expect(isValidSsn(bad)).toBe(false);
  });
  it('checks EINs by their IRS prefix', () => {
    expect(isValidEin('12-3456789')).toBe(true);
    expect(isValidEin('07-1234567')).toBe(false);
    expect(isValidEin('00-1234567')).toBe(false);
    expect(isValidEin('12-345678')).toBe(false);
  });
  it('masks all but the last four digits', () => {
    expect(maskTin('SSN', '6789')).toBe('***-**-6789');
    expect(maskTin('EIN', '6789')).toBe('**-***6789');
  });
});
