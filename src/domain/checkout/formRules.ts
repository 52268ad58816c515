/**
 * The booking form's field rules (SPEC §5) in plain code, for the passengers island: the browser
 * checks what a traveller typed without loading zod (84 KB). The server parses the same form with
 * the zod schema of validation.ts, which is built from the constants here; validation.test.ts
 * runs both over the same forms and expects the same field errors, so the two cannot drift.
 * Add-ons come from the page's own controls and are checked by the server only.
 */
import { seatSelectionErrors, type LegChoice } from '../seats/selection.ts';
import type { PassengerField } from './fields.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';

export const FIELD_ERROR = {
  required: 'field-error-required',
  email: 'field-error-email',
  phone: 'field-phone-error',
  tooLong: 'field-error-too-long',
  date: 'field-error-date',
  past: 'field-error-date-past',
} as const;

/** A field rule's error code: the stable code API answers carry (SPEC §5), not a text. */
export type FieldErrorCode = (typeof FIELD_ERROR)[keyof typeof FIELD_ERROR];

/** How each field error code reads on a page: its translation key. */
export const FIELD_ERROR_MESSAGE = {
  'field-error-required': 'checkout.errorRequired',
  'field-error-email': 'checkout.errorEmail',
  'field-phone-error': 'checkout.errorPhone',
  'field-error-too-long': 'checkout.errorTooLong',
  'field-error-date': 'checkout.errorDate',
  'field-error-date-past': 'checkout.errorDatePast',
} as const satisfies Record<FieldErrorCode, MessageKey>;

export function isFieldErrorCode(code: string): code is FieldErrorCode {
  return Object.hasOwn(FIELD_ERROR_MESSAGE, code);
}

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

export const PASSENGER_FIELDS: readonly PassengerField[] = [
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

export const GENDERS = ['F', 'M', 'X'] as const;

// Standard address pattern, case-insensitive: something@something.tld without spaces.
export const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
// International format: optional +, digits with spaces, dashes or brackets, 7–15 digits in all.
const PHONE = /^\+?[0-9 ()-]{7,20}$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const NATIONALITY = /^[A-Za-z]{2}$/;

export function isPhone(value: string): boolean {
  return PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7;
}

export function isCalendarDate(value: string): boolean {
  return !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/** A document's expiry is today or later; a birth date lies before today (SPEC §5 date rule). */
export function isOnRightSideOfToday(value: string, today: string, mustBeFuture: boolean): boolean {
  return mustBeFuture ? value >= today : value < today;
}

/** Messages of one field, each once, in the order the rules are listed (as zod reports them). */
type Rule = [ok: boolean, message: string];

function failed(rules: readonly Rule[]): string[] {
  const messages: string[] = [];
  for (const [ok, message] of rules) if (!ok && !messages.includes(message)) messages.push(message);
  return messages;
}

/** A required text: present, non-empty after trimming, within its length; then its own rules on the trimmed value. */
function requiredText(raw: unknown, max: number, more: (value: string) => Rule[] = () => []): string[] {
  if (typeof raw !== 'string') return [FIELD_ERROR.required];
  const value = raw.trim();
  return failed([[value.length >= 1, FIELD_ERROR.required], [value.length <= max, FIELD_ERROR.tooLong], ...more(value)]);
}

function passengerField(field: PassengerField, raw: unknown, today: string): string[] {
  switch (field) {
    case 'nationality':
      return requiredText(raw, MAX_LENGTH.nationality, (v) => [[NATIONALITY.test(v), FIELD_ERROR.required]]);
    case 'gender':
      return (GENDERS as readonly unknown[]).includes(raw) ? [] : [FIELD_ERROR.required];
    case 'document_expiry':
    case 'birth_date':
      return requiredText(raw, 10, (v) => [
        [ISO_DATE.test(v), FIELD_ERROR.date],
        [isCalendarDate(v), FIELD_ERROR.date],
        [isOnRightSideOfToday(v, today, field === 'document_expiry'), FIELD_ERROR.past],
      ]);
    default:
      return requiredText(raw, MAX_LENGTH[field]);
  }
}

export interface BookingFormInput {
  email?: unknown;
  phone?: unknown;
  passengers?: readonly Partial<Record<PassengerField, unknown>>[];
  /** Places chosen per leg with a seat map (src/domain/seats/selection.ts). */
  seats?: readonly LegChoice[];
}

/**
 * Field path → message keys (`email`, `passengers.0.first_name`, …), empty when the contact and
 * passenger fields are valid: the same keys and messages the server answers.
 */
export function bookingFormErrors(
  form: BookingFormInput,
  required: readonly PassengerField[],
  today: string,
  people: number,
): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const add = (path: string, messages: string[]) => {
    if (messages.length > 0) errors[path] = messages;
  };
  add(
    'email',
    requiredText(form.email, MAX_LENGTH.email, (v) => [[EMAIL.test(v), FIELD_ERROR.email]]),
  );
  add(
    'phone',
    requiredText(form.phone, MAX_LENGTH.phone, (v) => [[isPhone(v), FIELD_ERROR.phone]]),
  );
  const passengers = form.passengers ?? [];
  passengers.forEach((passenger, i) => {
    for (const field of PASSENGER_FIELDS) {
      const raw = passenger[field];
      if (required.includes(field)) add(`passengers.${String(i)}.${field}`, passengerField(field, raw, today));
      else if (typeof raw === 'string' && raw.trim().length > MAX_LENGTH[field])
        add(`passengers.${String(i)}.${field}`, [FIELD_ERROR.tooLong]);
    }
  });
  if (passengers.length !== people) add('passengers', [FIELD_ERROR.required]);
  for (const [path, messages] of Object.entries(seatSelectionErrors(form.seats, people))) add(path, messages);
  return errors;
}
