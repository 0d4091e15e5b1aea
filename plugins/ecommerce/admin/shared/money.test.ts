import { describe, expect, it } from 'vitest';
import { currencyFor, majorText, money, parseMajor } from './money';

describe('amounts typed in major units', () => {
  it('become minor units with the currency digits', () => {
    expect(parseMajor('12.50', 2)).toBe(1250);
    expect(parseMajor(' 12 ', 2)).toBe(1200);
    expect(parseMajor('0.1', 2)).toBe(10);
    expect(parseMajor('1.005', 3)).toBe(1005);
    expect(parseMajor('1500', 0)).toBe(1500);
    expect(parseMajor('19,99', 2)).toBe(1999);
  });

  it('are refused when the currency cannot hold them or they are not amounts', () => {
    expect(parseMajor('12.5', 0)).toBeNull();
    expect(parseMajor('1.234', 2)).toBeNull();
    expect(parseMajor('-5', 2)).toBeNull();
    expect(parseMajor('', 2)).toBeNull();
    expect(parseMajor('abc', 2)).toBeNull();
    expect(parseMajor('1e3', 2)).toBeNull();
    expect(parseMajor('1,000.00', 2)).toBeNull();
  });

  it('round-trip through the text a field starts with', () => {
    expect(majorText(1250, 2)).toBe('12.50');
    expect(majorText(1500, 0)).toBe('1500');
    expect(majorText(1005, 3)).toBe('1.005');
    for (const minor of [0, 1, 99, 1999, 123456789]) expect(parseMajor(majorText(minor, 2), 2)).toBe(minor);
  });
});

describe('currencies of stored amounts', () => {
  it("use the site's digits for the site's code and Intl's for another", () => {
    const site = { code: 'KWD', digits: 3 };
    expect(currencyFor('kwd', site)).toBe(site);
    expect(currencyFor('JPY', site)).toEqual({ code: 'JPY', digits: 0 });
    expect(currencyFor('EUR', undefined)).toEqual({ code: 'EUR', digits: 2 });
  });

  it('format with the currency digits, BDT with the taka sign', () => {
    expect(money(123456, { code: 'USD', digits: 2 }, 'en')).toBe('$1,234.56');
    expect(money(1500, { code: 'JPY', digits: 0 }, 'en')).toBe('¥1,500');
    expect(money(10000, { code: 'BDT', digits: 2 }, 'en')).toContain('৳');
  });
});
