/**
 * The booking form's zod schema (SPEC §5), which the server parses every booking with. Its rules
 * and message keys (field-error-email, field-error-required, field-phone-error, text lengths) come
 * from formRules.ts, whose plain checker the passengers island runs instead, so that zod stays
 * out of the browser; validation.test.ts holds the two to the same answers.
 */
import { z } from 'zod';
import type { PassengerField } from './fields.ts';
import { addonRowsFromValue, MAX_ADDON_QUANTITY } from './addons.ts';
import { seatChoiceErrors } from '../seats/selection.ts';
import {
  EMAIL,
  FIELD_ERROR,
  GENDERS,
  ISO_DATE,
  isCalendarDate,
  isOnRightSideOfToday,
  isPhone,
  MAX_LENGTH,
  NATIONALITY,
  PASSENGER_FIELDS,
} from './formRules.ts';

export { FIELD_ERROR, MAX_LENGTH } from './formRules.ts';

/** SPEC §5 required: non-empty after trim. */
const text = (max: number) => z.string({ error: FIELD_ERROR.required }).trim().min(1, FIELD_ERROR.required).max(max, FIELD_ERROR.tooLong);

export const emailSchema = text(MAX_LENGTH.email).regex(EMAIL, FIELD_ERROR.email);
export const phoneSchema = text(MAX_LENGTH.phone).refine(isPhone, FIELD_ERROR.phone);

function isoDate(today: string, mustBeFuture: boolean) {
  return text(10)
    .regex(ISO_DATE, FIELD_ERROR.date)
    .refine(isCalendarDate, FIELD_ERROR.date)
    .refine((v) => isOnRightSideOfToday(v, today, mustBeFuture), FIELD_ERROR.past);
}

export function passengerSchema(required: readonly PassengerField[], today: string) {
  const fieldSchema = (f: PassengerField): z.ZodType<string> => {
    switch (f) {
      case 'nationality':
        return text(2).regex(NATIONALITY, FIELD_ERROR.required);
      case 'gender':
        return z.enum(GENDERS, { error: FIELD_ERROR.required });
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
  for (const f of PASSENGER_FIELDS) {
    shape[f] = required.includes(f) ? fieldSchema(f) : z.string().trim().max(MAX_LENGTH[f], FIELD_ERROR.tooLong).optional();
  }
  return z.object(shape);
}

export const addonsSchema = z.object({
  insurance: z.string().max(20).nullable().default(null),
  /**
   * Extra luggage: repeatable rows of (option, quantity 1–99), at least one row kept; or the
   * addon field's comma-separated value (`20kg:2,30kg`, SPEC §3), read into the same rows.
   */
  luggage: z.preprocess(
    (v) => (typeof v === 'string' ? addonRowsFromValue(v.slice(0, 400)) : v),
    z
      .array(z.object({ option: z.string().max(20), quantity: z.coerce.number().int().min(0).max(MAX_ADDON_QUANTITY) }))
      .max(20)
      .default([]),
  ),
  pickup: z.string().max(40).nullable().default(null),
});

export type Addons = z.infer<typeof addonsSchema>;

function buildBookingFormSchema(required: readonly PassengerField[], today: string, people: number) {
  return z.object({
    email: emailSchema,
    phone: phoneSchema,
    passengers: z.array(passengerSchema(required, today)).length(people, FIELD_ERROR.required),
    addons: addonsSchema.default({ insurance: null, luggage: [], pickup: null }),
    /** Places per leg with a seat map; absent: the operator seats the travellers. */
    seats: z
      .array(
        z.object({ leg: z.number().int().positive(), seats: z.array(z.string().max(8)).max(64) }).superRefine((choice, ctx) => {
          for (const message of seatChoiceErrors(choice.seats, people)) ctx.addIssue({ code: 'custom', message, path: [] });
        }),
      )
      .max(16)
      .optional(),
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
