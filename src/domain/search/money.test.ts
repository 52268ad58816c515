import { describe, expect, it } from 'vitest';
import { convertMinor, pricingCurrency, toMoney } from './money.ts';

const fx = new Map([
  ['USD', { perUsd: 1, minorUnits: 2 }],
  ['THB', { perUsd: 35, minorUnits: 2 }],
  ['VND', { perUsd: 25_000, minorUnits: 0 }],
  ['KWD', { perUsd: 0.3, minorUnits: 3 }],
]);

describe('convertMinor', () => {
  it('converts through the dollar and rounds to the target minor unit', () => {
    expect(convertMinor(35_000, 'THB', 'USD', fx)).toBe(1_000); // ฿350.00 → $10.00
    expect(convertMinor(1_000, 'USD', 'VND', fx)).toBe(250_000); // $10 → ₫250,000
    expect(convertMinor(1_000, 'USD', 'KWD', fx)).toBe(3_000); // $10 → 3.000 KWD
    expect(convertMinor(1, 'THB', 'USD', fx)).toBe(0);
  });

  it('knows no rate for an unknown currency', () => {
    expect(convertMinor(100, 'THB', 'XXX', fx)).toBeUndefined();
  });
});

describe('pricingCurrency', () => {
  it('falls back to THB when there is no rate for the requested currency', () => {
    expect(pricingCurrency('EUR', fx)).toBe('THB');
    expect(pricingCurrency('VND', fx)).toBe('VND');
  });

  it('carries the exact integer minor units and shows the amount in major units', () => {
    expect(toMoney(250_000, 'VND', fx)).toEqual({ value: 250_000, fxcode: 'VND', minor: 250_000 });
    expect(toMoney(1_050, 'USD', fx)).toEqual({ value: 10.5, fxcode: 'USD', minor: 1_050 });
  });
});
