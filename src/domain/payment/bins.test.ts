import { describe, expect, it } from 'vitest';
import { binSchema, cardFeeMinor, resolveBin, type BinRange } from './bins.ts';

describe('card BIN resolution', () => {
  it('takes the longest matching prefix: a known issuer refines its scheme', () => {
    expect(resolveBin('42424242', [])).toMatchObject({ scheme: 'visa', issuerCountry: 'US', prefix: '424242' });
    expect(resolveBin('41111111', [])).toMatchObject({ scheme: 'visa', issuerCountry: 'ZZ', paygate: 'yuno' });
    expect(resolveBin('378282', [])).toMatchObject({ scheme: 'amex', paygate: 'sandbox-card', feeBasisPoints: 290 });
    expect(resolveBin('99999999', [])).toBeUndefined();
  });

  it("prefers Admin's range over the shipped one of the same length", () => {
    const admin: BinRange = {
      scheme: 'visa',
      feeBasisPoints: 150,
      prefix: '424242',
      issuerCountry: 'DE',
      cardType: 'debit',
      paygate: 'sandbox-card',
    };
    expect(resolveBin('424242', [admin])).toMatchObject({ issuerCountry: 'DE', paygate: 'sandbox-card' });
  });

  it('reads 6 to 8 digits, spaces allowed, and rounds the fee up', () => {
    expect(binSchema.parse('4242 42')).toBe('424242');
    expect(binSchema.safeParse('42424').success).toBe(false);
    expect(binSchema.safeParse('4242424242').success).toBe(false);
    expect(cardFeeMinor(10_001, 180)).toBe(181);
  });
});
