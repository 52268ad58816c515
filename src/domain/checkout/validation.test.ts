import { describe, expect, it } from 'vitest';
import { bookingFormSchema, emailSchema, formErrors, phoneSchema } from './validation.ts';

const TODAY = '2025-06-02';

describe('booking form validation (SPEC §5)', () => {
  it('accepts addresses case-insensitively and refuses malformed ones with field-error-email', () => {
    expect(emailSchema.safeParse('Anna.Berg@Example.COM').success).toBe(true);
    const bad = emailSchema.safeParse('anna@example');
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['field-error-email']);
  });

  it('treats blank as missing (field-error-required) and checks phones (field-phone-error)', () => {
    const blank = emailSchema.safeParse('   ');
    expect(blank.success ? [] : blank.error.issues[0]?.message).toBe('field-error-required');
    expect(phoneSchema.safeParse('+66 81 234 5678').success).toBe(true);
    const phone = phoneSchema.safeParse('12-34');
    expect(phone.success ? [] : phone.error.issues[0]?.message).toBe('field-phone-error');
  });

  it('requires the operator fields of every passenger and points at the failing one', () => {
    const schema = bookingFormSchema(['full_name', 'nationality', 'document_number'], TODAY, 2);
    const result = schema.safeParse({
      email: 'a@b.co',
      phone: '+66812345678',
      passengers: [
        { full_name: 'Anna Berg', nationality: 'SE', document_number: 'X123' },
        { full_name: 'Li Wei', nationality: '', document_number: 'Y' },
      ],
    });
    expect(result.success ? {} : formErrors(result.error)).toEqual({ 'passengers.1.nationality': ['field-error-required'] });
  });

  it('refuses an expired document and a birth date in the future, and too many luggage pieces', () => {
    const schema = bookingFormSchema(['first_name', 'last_name', 'birth_date', 'document_expiry'], TODAY, 1);
    const result = schema.safeParse({
      email: 'a@b.co',
      phone: '+66812345678',
      passengers: [{ first_name: 'A', last_name: 'B', birth_date: '2030-01-01', document_expiry: '2025-06-01' }],
      addons: { insurance: null, luggage: [{ option: '20kg', quantity: 100 }], pickup: null },
    });
    const errors = result.success ? {} : formErrors(result.error);
    expect(Object.keys(errors).sort()).toEqual(['addons.luggage.0.quantity', 'passengers.0.birth_date', 'passengers.0.document_expiry']);
  });

  it('needs one passenger entry per traveller', () => {
    const schema = bookingFormSchema(['full_name'], TODAY, 2);
    expect(schema.safeParse({ email: 'a@b.co', phone: '+66812345678', passengers: [{ full_name: 'A' }] }).success).toBe(false);
  });
});
