/**
 * The booking form's rules (SPEC §5), shared by the passengers island and the server: the same
 * zod schema answers "is this valid?" in both places, with the same message keys
 * (field-error-email, field-error-required, field-phone-error, text lengths).
 */
import { z } from 'zod';
import type { PassengerField } from './fields.ts';
import { MAX_ADDON_QUANTITY } from './addons.ts';

export const FIELD_ERROR = {
  required: 'field-error-required',
  email: 'field-error-email',
  phone: 'field-phone-error',
  tooLong: 'field-error-too-long',
  date: 'field-error-date',
  past: 'field-error-date-past',
} as const;

/** Text lengths by field (SPEC §5 "Text: lengths by field"). */
export const MAX_LENGTH: Record<PassengerField | 'email' | 'phone', number> = {
  full_name: 100,
  first_name: 50,
  middle_name: 50,
  last_name: 50,
  nationality: 2,
  document_number: 20,
  document_expiry: 10,
  birth_date: 10,
  gender: 1,
  email: 254,
  phone: 20,
};

// Standard address pattern, case-insensitive: something@something.tld without spaces.
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
// International format: optional +, digits with spaces, dashes or brackets, 7–15 digits in all.
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** SPEC §5 required: non-empty after trim. */
const text = (max: number) => z.string({ error: FIELD_ERROR.required }).trim().min(1, FIELD_ERROR.required).max(max, FIELD_ERROR.tooLong);

export const emailSchema = text(MAX_LENGTH.email).regex(EMAIL, FIELD_ERROR.email);
export const phoneSchema = text(MAX_LENGTH.phone).refine((v) => PHONE.test(v) && (v.match(/\d/g)?.length ?? 0) >= 7, FIELD_ERROR.phone);

function isoDate(today: string, mustBeFuture: boolean) {
  return text(10)
    .regex(ISO_DATE, FIELD_ERROR.date)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), FIELD_ERROR.date)
    .refine((v) => (mustBeFuture ? v >= today : v < today), FIELD_ERROR.past);
}

export function passengerSchema(required: readonly PassengerField[], today: string) {
  const fieldSchema = (f: PassengerField): z.ZodType<string> => {
    switch (f) {
      case 'nationality':
        return text(2).regex(/^[A-Za-z]{2}$/, FIELD_ERROR.required);
      case 'gender':
        return z.enum(['F', 'M', 'X'], { error: FIELD_ERROR.required });
      // SPEC §5 date rule (same as or after now) for a document's expiry; a birth date lies in the past.
      case 'document_expiry':
        return isoDate(today, true);
      case 'birth_date':
        return isoDate(today, false);
      default:
        return text(MAX_LENGTH[f]);
    }
  };
  const shape: Record<string, z.ZodType> = {};
  const all: PassengerField[] = [
    'full_name',
    'first_name',
    'middle_name',
    'last_name',
    'nationality',
    'document_number',
    'document_expiry',
    'birth_date',
    'gender',
  ];
  for (const f of all) {
    shape[f] = required.includes(f) ? fieldSchema(f) : z.string().trim().max(MAX_LENGTH[f], FIELD_ERROR.tooLong).optional();
  }
  return z.object(shape);
}

export const addonsSchema = z.object({
  insurance: z.string().max(20).nullable().default(null),
  /** Extra luggage: repeatable rows of (option, quantity 1–99), at least one row kept. */
  luggage: z
    .array(z.object({ option: z.string().max(20), quantity: z.coerce.number().int().min(0).max(MAX_ADDON_QUANTITY) }))
    .max(20)
    .default([]),
  pickup: z.string().max(40).nullable().default(null),
});

export type Addons = z.infer<typeof addonsSchema>;

function buildBookingFormSchema(required: readonly PassengerField[], today: string, people: number) {
  return z.object({
    email: emailSchema,
    phone: phoneSchema,
    passengers: z.array(passengerSchema(required, today)).length(people, FIELD_ERROR.required),
    addons: addonsSchema.default({ insurance: null, luggage: [], pickup: null }),
  });
}

/**
 * Schemas by (required fields, day, passengers): there are few such combinations a day, and zod
 * compiles a schema on its first use, which a schema built per request would pay every time.
 */
const formSchemas = new Map<string, ReturnType<typeof buildBookingFormSchema>>();
const MAX_FORM_SCHEMAS = 256;

export function bookingFormSchema(required: readonly PassengerField[], today: string, people: number) {
  const key = `${required.join(',')}|${today}|${String(people)}`;
  let schema = formSchemas.get(key);
  if (!schema) {
    // Yesterday's schemas are never asked for again: starting over keeps the map small.
    if (formSchemas.size >= MAX_FORM_SCHEMAS) formSchemas.clear();
    schema = buildBookingFormSchema(required, today, people);
    formSchemas.set(key, schema);
  }
  return schema;
}

export type BookingForm = z.infer<ReturnType<typeof buildBookingFormSchema>>;

/** Field path → message keys, the shape the API answers and the island shows under each field. */
export function formErrors(error: z.ZodError): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    const messages = (fields[key] ??= []);
    // A blank field fails both "required" and its pattern: say it once.
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return fields;
}
