/**
 * Finding a booking by its reference (SPEC §7 booking/getBookingCartHashByBID), as a traveller
 * who lost the checkout does. A reference is 8 letters anyone may read off a ticket, so it needs
 * a second fact only the traveller knows — the booking's e-mail or the lead passenger's
 * surname, compared in constant time — and a wrong pair is answered exactly as an unknown
 * reference. Lookups are counted per address and per reference before anything is read.
 *
 * The answer never carries a bearer key to a paid booking: it is a ticket link valid for 30
 * minutes (a held booking: a 30-minute link that lets the opening browser continue to pay).
 * The cart hash is no longer in it — once a booking exists the hash is no key anyway.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { bookings } from '../db/schema.ts';
import { consume, type Limit } from '../rateLimit/counter.ts';
import { resumeToken, SHORT_LINK_SECONDS, ticketLinks } from '../tickets/links.ts';
import { isHolding, isPaid } from '../../domain/booking/lifecycle.ts';

const FIFTEEN_MIN = 15 * 60_000;
export const LOOKUP_LIMITS = {
  perAddress: { max: 20, windowMs: FIFTEEN_MIN },
  perReference: { max: 5, windowMs: FIFTEEN_MIN },
} as const satisfies Record<string, Limit>;

export const bookingLookupQuery = z
  .object({
    bid: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{6,12}$/, 'invalid_booking_reference'),
    email: z.string().trim().max(254).optional(),
    surname: z.string().trim().max(100).optional(),
  })
  .refine((q) => Boolean(q.email) !== Boolean(q.surname), {
    message: 'email_or_surname_required',
    path: ['email'],
  });

export type BookingLookupQuery = z.infer<typeof bookingLookupQuery>;

export type LookupResult =
  | { kind: 'rate_limited'; retryAfter: number }
  | { kind: 'not_found' }
  | { kind: 'paid'; ticketUrl: string; expiresInSeconds: number }
  | { kind: 'held'; resumeUrl: string; expiresInSeconds: number };

/** Case and spacing do not matter; the digest makes every comparison the same length. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en')).digest();
}

function leadSurname(passengers: readonly Record<string, unknown>[]): string {
  const last = passengers[0]?.last_name;
  return typeof last === 'string' ? last : '';
}

// Compared against when the reference is unknown, so both cases do the same work.
const NOTHING = digest('\u0000no booking\u0000');

export async function lookupBooking(
  db: Db,
  input: { query: BookingLookupQuery; ip: string; lang: string; now: Date },
): Promise<LookupResult> {
  const { query, now } = input;
  const wait = await consume(
    db,
    [
      { key: `booking-lookup:ip:${input.ip}`, limit: LOOKUP_LIMITS.perAddress },
      { key: `booking-lookup:ref:${query.bid}`, limit: LOOKUP_LIMITS.perReference },
    ],
    now,
  );
  if (wait !== null) return { kind: 'rate_limited', retryAfter: wait };
  const [row] = await db.select().from(bookings).where(eq(bookings.reference, query.bid)).limit(1);
  const given = digest(query.email ?? query.surname ?? '');
  const expected = row ? digest((query.email !== undefined ? row.email : leadSurname(row.passengers)) ?? '') : NOTHING;
  // The given value is never empty (the query requires one), so a booking without an e-mail never matches.
  const matches = timingSafeEqual(given, expected);
  if (!row || !matches) return { kind: 'not_found' };
  const nowMs = now.getTime();
  if (isPaid(row.status)) {
    return {
      kind: 'paid',
      ticketUrl: ticketLinks(input.lang, row.id, nowMs, SHORT_LINK_SECONDS).page,
      expiresInSeconds: SHORT_LINK_SECONDS,
    };
  }
  if (isHolding(row.status)) {
    return {
      kind: 'held',
      resumeUrl: `/${input.lang}/checkout?resume=${encodeURIComponent(resumeToken(row.publicId, nowMs))}`,
      expiresInSeconds: SHORT_LINK_SECONDS,
    };
  }
  // Expired, cancelled or refunded: nothing to open, told like an unknown reference.
  return { kind: 'not_found' };
}
