import { describe, expect, it } from 'vitest';
import { emailSchema, passwordSchema, recoveryCodeSchema, totpCodeSchema } from './credentials.ts';

describe('credentials', () => {
  it('lower-cases and trims an email so the same address finds the same account', () => {
    expect(emailSchema.parse('  Anna@Example.COM ')).toBe('anna@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('accepts passwords of 8 to 128 characters only', () => {
    expect(passwordSchema.safeParse('1234567').success).toBe(false);
    expect(passwordSchema.safeParse('12345678').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });

  it('reads a TOTP code typed with a space and refuses anything but six digits', () => {
    expect(totpCodeSchema.parse('123 456')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345').success).toBe(false);
    expect(totpCodeSchema.safeParse('abcdef').success).toBe(false);
  });

  it('reads a recovery code in any case with its dash', () => {
    expect(recoveryCodeSchema.parse('ABCDE-12345')).toBe('abcde12345');
  });
});
