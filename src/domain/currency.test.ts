import { describe, expect, it } from 'vitest';
import { CURRENCIES, ceilToMajor, currenciesForSelector, currencyCodeSchema, formatMoney, resolveCurrency } from './currency.ts';

describe('currencies (SPEC §5, §9)', () => {
  it('configures at least 30 currencies with USD, EUR, THB pinned first', () => {
    expect(CURRENCIES.length).toBeGreaterThanOrEqual(30);
    const { pinned, others } = currenciesForSelector();
    expect(pinned.map((c) => c.code)).toEqual(['USD', 'EUR', 'THB']);
    expect(others.map((c) => c.code)).not.toContain('USD');
    expect(others.map((c) => c.code)).toEqual([...others.map((c) => c.code)].sort());
  });

  it('uses a stored currency only when supported, else USD', () => {
    expect(resolveCurrency('eur')).toBe('EUR');
    expect(resolveCurrency('THB')).toBe('THB');
    expect(resolveCurrency('XXX')).toBe('USD');
    expect(resolveCurrency('')).toBe('USD');
    expect(resolveCurrency(undefined)).toBe('USD');
  });

  it('formats integer minor units by the currency exponent', () => {
    expect(formatMoney(123450, 'THB', 'en')).toBe('THB\u00a01,234.50');
    expect(formatMoney(123450, 'THB', 'th')).toBe('฿1,234.50');
    expect(formatMoney(250000, 'VND', 'en')).toBe('₫250,000');
    expect(formatMoney(1999, 'USD', 'en')).toBe('$19.99');
  });

  it('rounds a balance up to a whole unit', () => {
    expect(ceilToMajor(1001, 'USD')).toBe(1100);
    expect(ceilToMajor(1000, 'USD')).toBe(1000);
    expect(ceilToMajor(15001, 'VND')).toBe(15001);
  });

  it('rejects unsupported codes at the boundary', () => {
    expect(currencyCodeSchema.safeParse(' usd ').data).toBe('USD');
    expect(currencyCodeSchema.safeParse('ABC').success).toBe(false);
  });
});
