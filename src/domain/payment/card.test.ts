import { describe, expect, it } from 'vitest';
import { cardErrors, cardOutcome, luhnValid, TEST_CARDS } from './card.ts';

const TODAY = '2025-06-02';
const ok = { expiry: '12/27', cvc: '123' };

describe('sandbox card rules', () => {
  it('accepts the test numbers, which all pass Luhn', () => {
    for (const number of Object.values(TEST_CARDS)) expect(cardErrors({ number, ...ok }, TODAY)).toEqual({});
  });

  it('refuses numbers outside 14–19 digits and numbers failing Luhn', () => {
    expect(cardErrors({ number: '4242 4242 4242 4', ...ok }, TODAY).number).toBe('card-number-length');
    expect(cardErrors({ number: '4242424242424241', ...ok }, TODAY).number).toBe('card-number-invalid');
    expect(luhnValid('79927398713')).toBe(true);
  });

  it('needs an expiry of at least 4 characters that has not passed', () => {
    expect(cardErrors({ number: TEST_CARDS.success, expiry: '127', cvc: '123' }, TODAY).expiry).toBe('card-expiry-length');
    expect(cardErrors({ number: TEST_CARDS.success, expiry: '05/25', cvc: '123' }, TODAY).expiry).toBe('card-expiry-past');
    expect(cardErrors({ number: TEST_CARDS.success, expiry: '0625', cvc: '123' }, TODAY)).toEqual({});
  });

  it('maps test numbers to the provider outcomes', () => {
    expect(cardOutcome('4242 4242 4242 4242')).toBe('success');
    expect(cardOutcome(TEST_CARDS.declined)).toBe('card_declined');
    expect(cardOutcome(TEST_CARDS.insufficientFunds)).toBe('insufficient_funds');
    expect(cardOutcome(TEST_CARDS.threeDSecure)).toBe('three_d_secure');
  });
});
