import { describe, expect, it } from 'vitest';
import { bookingFormSchema, emailSchema, formErrors, phoneSchema } from './validation.ts';
import { bookingFormErrors, type BookingFormInput } from './formRules.ts';

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

describe('the browser’s plain check (formRules.ts) and the server’s zod schema agree', () => {
  const today = '2026-03-10';
  const required = ['first_name', 'last_name', 'nationality', 'document_number', 'document_expiry', 'birth_date', 'gender'] as const;
  const good = {
    first_name: 'Ana',
    last_name: 'Silva',
    nationality: 'pt',
    document_number: 'X1234567',
    document_expiry: '2030-01-01',
    birth_date: '1990-05-04',
    gender: 'F',
  };
  const forms: { name: string; form: BookingFormInput; people: number }[] = [
    { name: 'a valid form', form: { email: 'Ana@Example.COM', phone: '+351 912 345 678', passengers: [good] }, people: 1 },
    {
      name: 'blank fields',
      form: { email: '', phone: ' ', passengers: [{ ...good, first_name: '  ', document_expiry: '', gender: '', nationality: '' }] },
      people: 1,
    },
    {
      name: 'malformed values',
      form: {
        email: 'ana@example',
        phone: '12-34',
        passengers: [{ ...good, nationality: 'P1', document_expiry: '2030-13-45', birth_date: 'soon', gender: 'Q' }],
      },
      people: 1,
    },
    {
      name: 'dates on the wrong side of today and texts too long',
      form: {
        email: `${'a'.repeat(250)}@example.com`,
        phone: '+1 (555) 010-9999 1234',
        passengers: [{ ...good, document_expiry: '2026-03-09', birth_date: today, last_name: 'x'.repeat(51), middle_name: 'y'.repeat(51) }],
      },
      people: 1,
    },
    { name: 'missing contact fields', form: { passengers: [good, { ...good, gender: 'X', birth_date: '2026-03-09' }] }, people: 2 },
    { name: 'fewer passengers than travellers', form: { email: 'a@b.co', phone: '0812345678', passengers: [good] }, people: 3 },
  ];
  it.each(forms)('$name', ({ form, people }) => {
    const zod = bookingFormSchema(required, today, people).safeParse(form);
    const expected = zod.success ? {} : formErrors(zod.error);
    expect(bookingFormErrors(form, required, today, people)).toEqual(expected);
  });
});
