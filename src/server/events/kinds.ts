/**
 * The domain events a booking change records, and who subscribes to each — the one place both
 * are written down. An event is a fact in the past tense, recorded in the same transaction as
 * the change (record.ts); its payload is checked by its zod schema on the way in and again on
 * the way out, so a subscriber never reads a shape nobody wrote.
 *
 * Money is integer minor units with its currency code, as everywhere else.
 */
import { z } from 'zod';

const minor = z.number().int().nonnegative();
const currency = z.string().regex(/^[A-Z]{3}$/);

/** Money to give back through the paygate that took it. */
export const refundDue = z.object({
  paymentId: z.number().int().positive(),
  paygate: z.string().min(1),
  providerRef: z.string().min(1),
  amountMinor: minor,
  currency,
});
export type RefundDue = z.infer<typeof refundDue>;

export const eventPayloads = {
  /** The money arrived and the seats are sold; `status` is confirmed or waits for a manual operator. */
  'booking.paid': z.object({
    paymentId: z.number().int().positive(),
    paygate: z.string().min(1),
    amountMinor: minor,
    currency,
    status: z.enum(['confirmed', 'pending_confirmation']),
  }),
  /** A payment ended without money: declined at the gateway, or a counter reference that expired. */
  'payment.failed': z.object({
    paymentId: z.number().int().positive(),
    paygate: z.string().min(1),
    failureCode: z.string().min(1).max(60),
  }),
  /** Money arrived that the booking does not keep (a second payment, a superseded session); the booking is unchanged. */
  'payment.refund_due': refundDue.extend({ reason: z.enum(['already_paid', 'superseded']) }),
  /** Money arrived for a lapsed hold whose seats were sold meanwhile: the booking became refunded. */
  'booking.refunded': refundDue.extend({ reason: z.literal('sold_out') }),
  /** The traveller cancelled a paid booking; `refunds` is what goes back (empty when nothing is due). */
  'booking.cancelled': z.object({ refundMinor: minor, currency, refunds: z.array(refundDue) }),
  /** Staff issued the ticket of a paid booking again: the confirmation mail with the ticket is owed once more. */
  'ticket.reissued': z.object({ reason: z.string().max(500).nullable() }),
} as const;

export type EventKind = keyof typeof eventPayloads;
export const EVENT_KINDS = Object.keys(eventPayloads) as EventKind[];

/** An event as recorded: its kind, the booking it is about, and the kind's payload. */
export type DomainEvent = {
  [K in EventKind]: { kind: K; bookingId: number; payload: z.infer<(typeof eventPayloads)[K]> };
}[EventKind];

/** Every subscriber by name; the handlers are wired in subscribers.ts. */
export const SUBSCRIBER_NAMES = ['mail.confirmation', 'mail.cancellation', 'payment.refund', 'reseller.commission', 'analytics'] as const;
export type SubscriberName = (typeof SUBSCRIBER_NAMES)[number];

/**
 * Who is told about what. A delivery row per subscriber is written with the event, so adding a
 * subscriber here applies to events recorded from then on (older ones were already delivered).
 */
export const SUBSCRIPTIONS: Readonly<Record<EventKind, readonly SubscriberName[]>> = {
  'booking.paid': ['mail.confirmation', 'reseller.commission', 'analytics'],
  'payment.failed': ['analytics'],
  'payment.refund_due': ['payment.refund', 'analytics'],
  'booking.refunded': ['payment.refund', 'analytics'],
  'booking.cancelled': ['payment.refund', 'mail.cancellation', 'reseller.commission', 'analytics'],
  'ticket.reissued': ['mail.confirmation', 'analytics'],
};

/** Parses a stored event back into its typed shape (a row nobody could have written fails loudly). */
export function parseEvent(kind: string, bookingId: number, payload: unknown): DomainEvent {
  const schema = (eventPayloads as Record<string, z.ZodType | undefined>)[kind];
  if (!schema) throw new Error(`unknown event kind "${kind}"`);
  return { kind, bookingId, payload: schema.parse(payload) } as DomainEvent;
}
