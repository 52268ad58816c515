/**
 * The passenger correction form of the ticket page (/{lang}/ticket, opened through the signed
 * link): what it shows and how its post becomes the corrections passengerChanges.ts applies.
 * A plain HTML form that posts to the page itself, so it works without JavaScript.
 * Inputs are named `p{index}.{field}`.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { changesCloseAt } from '../booking/changesClose.ts';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { FIELD_ERROR } from '../../domain/checkout/formRules.ts';
import {
  CORRECTABLE_FIELDS,
  isPassengerChangeError,
  passengerCorrection,
  type CorrectableField,
  type PassengerChangeFields,
  type PassengerCorrection,
} from './passengerChanges.ts';

export interface PassengerFormView {
  /** Per passenger, the correctable fields it has with their current values. */
  passengers: { field: CorrectableField; value: string }[][];
  /** From when corrections go to Support instead of changing the ticket (null: never). */
  closesAt: Date | null;
  closed: boolean;
}

/** A passenger's correctable fields; one that has none (an operator asking for nothing) gets the two name fields. */
function fieldsOf(passenger: Record<string, unknown>): { field: CorrectableField; value: string }[] {
  const present = CORRECTABLE_FIELDS.filter((field) => typeof passenger[field] === 'string');
  const fields: readonly CorrectableField[] = present.length ? present : ['first_name', 'last_name'];
  return fields.map((field) => ({ field, value: typeof passenger[field] === 'string' ? passenger[field] : '' }));
}

export async function passengerFormView(db: Db, bookingId: number, now: Date): Promise<PassengerFormView | undefined> {
  const [booking] = await db
    .select({
      passengers: bookings.passengers,
      cartId: bookings.cartId,
      partLegs: bookings.partLegs,
      partCarriesExtras: bookings.partCarriesExtras,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  if (!booking) return undefined;
  const closesAt = await changesCloseAt(db, booking);
  return { passengers: booking.passengers.map(fieldsOf), closesAt, closed: closesAt !== null && now.getTime() >= closesAt.getTime() };
}

const FIELD_NAME = /^p(\d{1,2})\.([a-z_]+)$/;

/**
 * The posted form as corrections, one per passenger in order; a field not in the form is left
 * as it is. Unknown inputs are dropped here — the page only renders correctable ones.
 */
export function correctionsFromForm(
  form: FormData,
  people: number,
  today: string,
): { ok: true; corrections: PassengerCorrection[] } | { ok: false; fields: PassengerChangeFields } {
  const raw: Record<string, string>[] = Array.from({ length: people }, () => ({}));
  for (const [name, value] of form) {
    const match = FIELD_NAME.exec(name);
    const index = Number(match?.[1]);
    const field = match?.[2];
    if (!match || typeof value !== 'string' || !field || !(CORRECTABLE_FIELDS as readonly string[]).includes(field)) continue;
    const entry = raw[index];
    if (entry) entry[field] = value;
  }
  const parsed = z.array(passengerCorrection(today)).safeParse(raw);
  if (parsed.success) return { ok: true, corrections: parsed.data };
  const fields: PassengerChangeFields = {};
  // Every rule of passengerCorrection names its error by a field error code; anything else zod says reads as "required".
  for (const issue of parsed.error.issues)
    (fields[`p${issue.path.map(String).join('.')}`] ??= []).push(
      isPassengerChangeError(issue.message) ? issue.message : FIELD_ERROR.required,
    );
  return { ok: false, fields };
}
