import { describe, expect, it } from 'vitest';
import { binRangeForm, binSchema, cardFeeMinor, overlappingRange, resolveBin, type BinRange } from './bins.ts';

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

  it('refuses an Admin range that contains another or lies inside one; the same prefix is a change', () => {
    const admin = [{ prefix: '4571' }, { prefix: '5100' }];
    expect(overlappingRange('45', admin)).toEqual({ prefix: '4571' });
    expect(overlappingRange('457100', admin)).toEqual({ prefix: '4571' });
    expect(overlappingRange('4571', admin)).toBeUndefined();
    expect(overlappingRange('4572', admin)).toBeUndefined();
    expect(overlappingRange('51', admin)).toEqual({ prefix: '5100' });
  });

  it("reads Admin's form: digits only, the country in either case, the fee in whole basis points", () => {
    const form = { prefix: ' 457100 ', scheme: 'visa', issuerCountry: 'dk', cardType: 'debit', paygate: 'yuno', feeBasisPoints: '95' };
    expect(binRangeForm.parse(form)).toEqual({ ...form, prefix: '457100', issuerCountry: 'DK', feeBasisPoints: 95 });
    const fields = (input: object) => binRangeForm.safeParse({ ...form, ...input }).error?.issues.map((i) => i.path[0]);
    expect(fields({ prefix: '45a' })).toEqual(['prefix']);
    expect(fields({ prefix: '123456789' })).toEqual(['prefix']);
    expect(fields({ issuerCountry: 'DNK' })).toEqual(['issuerCountry']);
    expect(fields({ feeBasisPoints: '1.5' })).toEqual(['feeBasisPoints']);
    expect(fields({ feeBasisPoints: '1001' })).toEqual(['feeBasisPoints']);
    expect(fields({ paygate: 'counter' })).toEqual(['paygate']);
  });
});
