/**
 * The sandbox card gateway's rules (SPEC §5: card number 14–19 digits, expiry at least 4
 * characters), the Luhn check every real card number passes, and the test numbers that make
 * the sandbox answer like a real provider: success, decline, insufficient funds, 3-D Secure.
 */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000000000003220',
} as const;

export type CardOutcome = 'success' | 'card_declined' | 'insufficient_funds' | 'three_d_secure';

export function digitsOnly(raw: string): string {
  return raw.replace(/[\s-]/g, '');
}

export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardError = 'card-number-length' | 'card-number-invalid' | 'card-expiry-length' | 'card-expiry-past' | 'card-cvc';

/** Field errors of a card form; empty when the card may be charged. `today` is YYYY-MM-DD. */
export function cardErrors(
  input: { number: string; expiry: string; cvc: string },
  today: string,
): Partial<Record<'number' | 'expiry' | 'cvc', CardError>> {
  const errors: Partial<Record<'number' | 'expiry' | 'cvc', CardError>> = {};
  const number = digitsOnly(input.number);
  if (!/^\d{14,19}$/.test(number)) errors.number = 'card-number-length';
  else if (!luhnValid(number)) errors.number = 'card-number-invalid';
  const expiry = input.expiry.trim();
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(expiry);
  if (expiry.length < 4 || !match) errors.expiry = 'card-expiry-length';
  else {
    const month = Number(match[1]);
    const year = Number((match[2] ?? '').length === 2 ? `20${match[2] ?? ''}` : match[2]);
    const [y = 0, m = 0] = today.split('-').map(Number);
    if (month < 1 || month > 12) errors.expiry = 'card-expiry-length';
    else if (year < y || (year === y && month < m)) errors.expiry = 'card-expiry-past';
  }
  if (!/^\d{3,4}$/.test(input.cvc.trim())) errors.cvc = 'card-cvc';
  return errors;
}

export function cardOutcome(number: string): CardOutcome {
  const digits = digitsOnly(number);
  if (digits === TEST_CARDS.declined) return 'card_declined';
  if (digits === TEST_CARDS.insufficientFunds) return 'insufficient_funds';
  if (digits === TEST_CARDS.threeDSecure) return 'three_d_secure';
  return 'success';
}
