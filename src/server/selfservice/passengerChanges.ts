/**
 * SPEC §7 support/change-passengers-details (issue 24 item 4): the traveller corrects a name or a
 * document on their paid booking themselves.
 *
 * - Before the operator's cut-off (src/server/booking/changesClose.ts) the booking's passengers
 *   change and a new ticket is issued in one lifecycle transaction with the traveller as actor
 *   (`correctPassengersAndReissue`); its `ticket.reissued` event mails the corrected ticket.
 * - From the cut-off on, the operator's manifest is final: nothing changes, the correction is
 *   stored as a pending request (`passenger_change_requests`) that Support sees on the booking's
 *   page in the operators area.
 *
 * Who may ask is settled before this is called (access.ts): the ticket link's signature, the
 * browser that booked or the signed-in owner — never the booking reference alone.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { ChangeContext } from '../../domain/booking/actor.ts';
import { isPaid } from '../../domain/booking/lifecycle.ts';
import { FIELD_ERROR, MAX_LENGTH } from '../../domain/checkout/validation.ts';
import { FIELD_ERROR_MESSAGE, ISO_DATE, isCalendarDate, isFieldErrorCode, type FieldErrorCode } from '../../domain/checkout/formRules.ts';
import type { MessageKey } from '../../i18n/messageKeys.ts';
import { ApiError } from '../api/errors.ts';
import { changesCloseAt } from '../booking/changesClose.ts';
import { correctPassengersAndReissue } from '../booking/lifecycle/changes.ts';
import { TransitionRefused } from '../booking/lifecycle/transition.ts';
import type { Db } from '../db/client.ts';
import { bookings, passengerChangeRequests } from '../db/schema.ts';

/** What a traveller may correct: names and the travel document. Nationality, birth date and gender go through Support. */
export const CORRECTABLE_FIELDS = ['full_name', 'first_name', 'middle_name', 'last_name', 'document_number', 'document_expiry'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

/** The message key of a correction that leaves every passenger as it was. */
export const NOTHING_CHANGED = 'support.change.nothingChanged' satisfies MessageKey;

/** Why a passenger change refuses a field: a field rule's code (SPEC §5), or that nothing changed. */
export type PassengerChangeError = FieldErrorCode | typeof NOTHING_CHANGED;

/** A refused passenger change's failing fields (`passengers`, `p{index}.{field}`, `_`), each with its errors. */
export type PassengerChangeFields = Record<string, PassengerChangeError[]>;

/** The message key each refusal reads as on a page: a union of message keys, so a misspelt one fails the type check. */
export type PassengerChangeErrorKey = (typeof FIELD_ERROR_MESSAGE)[FieldErrorCode] | typeof NOTHING_CHANGED;

export function isPassengerChangeError(code: string): code is PassengerChangeError {
  return code === NOTHING_CHANGED || isFieldErrorCode(code);
}

export function passengerChangeErrorKey(error: PassengerChangeError): PassengerChangeErrorKey {
  return error === NOTHING_CHANGED ? NOTHING_CHANGED : FIELD_ERROR_MESSAGE[error];
}

const optionalText = (max: number) => z.string().trim().min(1, FIELD_ERROR.required).max(max, FIELD_ERROR.tooLong).optional();

/** One passenger's corrections; a field left out keeps its value. Other fields are refused, not ignored. */
export function passengerCorrection(today: string) {
  return z.strictObject({
    full_name: optionalText(MAX_LENGTH.full_name),
    first_name: optionalText(MAX_LENGTH.first_name),
    middle_name: optionalText(MAX_LENGTH.middle_name),
    last_name: optionalText(MAX_LENGTH.last_name),
    document_number: optionalText(MAX_LENGTH.document_number),
    // SPEC §5: a document's expiry is today or later.
    document_expiry: z
      .string()
      .trim()
      .regex(ISO_DATE, FIELD_ERROR.date)
      .refine(isCalendarDate, FIELD_ERROR.date)
      .refine((v) => v >= today, FIELD_ERROR.past)
      .optional(),
  });
}

export type PassengerCorrection = z.infer<ReturnType<typeof passengerCorrection>>;

export type PassengerChangeOutcome = { status: 'reissued' } | { status: 'requested'; requestId: number };

/** The booking's passenger records with the corrections laid over them; undefined when nothing differs. */
export function correctedPassengers(
  before: readonly Record<string, unknown>[],
  corrections: readonly PassengerCorrection[],
): Record<string, unknown>[] | undefined {
  const after = before.map((passenger, i) => {
    const correction = corrections[i] ?? {};
    const next = { ...passenger };
    for (const field of CORRECTABLE_FIELDS) {
      const value = correction[field];
      if (value !== undefined) next[field] = value;
    }
    return next;
  });
  const changed = after.some((passenger, i) => CORRECTABLE_FIELDS.some((field) => passenger[field] !== before[i]?.[field]));
  return changed ? after : undefined;
}

/**
 * Applies the traveller's corrections, or records them for Support after the cut-off. Refuses
 * (ApiError) a booking that is not paid, a list that does not have one entry per passenger and a
 * correction that changes nothing; a concurrent change holding the booking answers `booking_busy`.
 */
export async function changePassengersAsTraveller(
  db: Db,
  input: { bookingId: number; corrections: readonly PassengerCorrection[]; now: Date; ctx: ChangeContext },
): Promise<PassengerChangeOutcome> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, input.bookingId)).limit(1);
  if (!booking) throw new ApiError('booking_not_found');
  if (!isPaid(booking.status)) throw new TransitionRefused('change_passengers', booking.status, booking.status);
  if (input.corrections.length !== booking.people)
    throw new ApiError('invalid_passenger_change', { fields: { passengers: [FIELD_ERROR.required] } satisfies PassengerChangeFields });
  const passengers = correctedPassengers(booking.passengers, input.corrections);
  if (!passengers)
    throw new ApiError('invalid_passenger_change', { fields: { passengers: [NOTHING_CHANGED] } satisfies PassengerChangeFields });

  const closeAt = await changesCloseAt(db, booking);
  if (closeAt && input.now.getTime() >= closeAt.getTime()) {
    const actor = input.ctx.actor;
    const [request] = await db
      .insert(passengerChangeRequests)
      .values({
        bookingId: booking.id,
        passengers,
        userId: actor.kind === 'traveller' ? actor.userId : null,
        requestId: input.ctx.requestId ?? null,
        createdAt: input.now,
      })
      .returning({ id: passengerChangeRequests.id });
    if (!request) throw new Error('passenger change request not stored');
    return { status: 'requested', requestId: request.id };
  }
  await correctPassengersAndReissue(db, booking.id, passengers, input.now, {
    ...input.ctx,
    reason: input.ctx.reason ?? 'traveller correction',
  });
  return { status: 'reissued' };
}
