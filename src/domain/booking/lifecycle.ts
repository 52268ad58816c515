/**
 * The booking lifecycle: every status a booking can have and every change allowed between them.
 * Pure data and checks; `src/server/booking/lifecycle/` is the only code that writes a status, and
 * it asks `transitionAllowed` first. The table is what docs/ARCHITECTURE.md shows.
 *
 * A transition that keeps the status (changing passengers, re-issuing a ticket) is still a
 * transition: it is allowed only from the statuses listed and it is written to the audit log.
 */

export const BOOKING_STATUSES = [
  'reserved',
  'awaiting_payment',
  'paid',
  'pending_confirmation',
  'confirmed',
  'expired',
  'cancelled',
  'refunded',
] as const;

export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Seats are held for the booking and it can still be paid. */
export const HOLDING_STATUSES = ['reserved', 'awaiting_payment'] as const satisfies readonly BookingStatus[];
/** Money was taken and the seats are sold. `paid` is kept for bookings paid before confirmation modes existed. */
export const PAID_STATUSES = ['paid', 'pending_confirmation', 'confirmed'] as const satisfies readonly BookingStatus[];
/** Nothing more happens to the booking by itself: the payment status page stops polling. */
export const SETTLED_STATUSES = [
  'confirmed',
  'pending_confirmation',
  'paid',
  'refunded',
  'cancelled',
] as const satisfies readonly BookingStatus[];

export function isHolding(status: string): status is (typeof HOLDING_STATUSES)[number] {
  return (HOLDING_STATUSES as readonly string[]).includes(status);
}

export function isPaid(status: string): status is (typeof PAID_STATUSES)[number] {
  return (PAID_STATUSES as readonly string[]).includes(status);
}

export function isSettled(status: string): boolean {
  return (SETTLED_STATUSES as readonly string[]).includes(status);
}

/** Statuses from which money may be taken: a lapsed hold too (its seats are re-checked when the money arrives). */
export const PAYABLE_STATUSES = ['reserved', 'awaiting_payment', 'expired'] as const satisfies readonly BookingStatus[];

export type TransitionName =
  /** A traveller's cart becomes a booking holding seats. */
  | 'hold'
  /** Passengers, e-mail or add-ons typed again before paying (seats stay held). */
  | 'change_details'
  /** Another class for a leg before paying (checkout's class choice). */
  | 'change_class'
  /** A payment session is opened with a paygate. */
  | 'place_order'
  /** The money arrived and the seats were sold (instant operators confirm at once). */
  | 'pay'
  /** Staff saw the money handed over at the counter: the same as `pay`, by a named staff member. */
  | 'mark_counter_paid'
  /** The money arrived but the seats were gone meanwhile: it goes back. */
  | 'pay_refused'
  /** The hold ran out unpaid: the seats go back on sale. */
  | 'lapse'
  /** The operator confirmed a manual booking. */
  | 'confirm'
  /** Cancelled by the rule of its fares: refunded when anything is due, else cancelled. */
  | 'cancel'
  /** Staff give all the money back whatever the fare rule says (the seats go back on sale). */
  | 'refund'
  /** Names or documents of the travellers corrected after paying. */
  | 'change_passengers'
  /** A new ticket (PDF, links) issued for an unchanged booking. */
  | 'reissue_ticket';

type Edge = readonly [from: BookingStatus | null, to: BookingStatus];

const same = (statuses: readonly BookingStatus[]): Edge[] => statuses.map((s) => [s, s] as const);
const each = (from: readonly BookingStatus[], to: readonly BookingStatus[]): Edge[] => from.flatMap((f) => to.map((t) => [f, t] as const));

/** Every allowed change, by the transition that makes it. */
export const TRANSITIONS: Readonly<Record<TransitionName, readonly Edge[]>> = {
  hold: [[null, 'reserved']],
  change_details: same(HOLDING_STATUSES),
  change_class: same(['reserved']),
  // A lapsed booking may open a payment too; it stays expired until the money arrives.
  place_order: [
    ['reserved', 'awaiting_payment'],
    ['awaiting_payment', 'awaiting_payment'],
    ['expired', 'expired'],
  ],
  pay: each(PAYABLE_STATUSES, ['confirmed', 'pending_confirmation']),
  mark_counter_paid: each(PAYABLE_STATUSES, ['confirmed', 'pending_confirmation']),
  pay_refused: each(PAYABLE_STATUSES, ['refunded']),
  lapse: each(HOLDING_STATUSES, ['expired']),
  confirm: [['pending_confirmation', 'confirmed']],
  cancel: each(PAID_STATUSES, ['cancelled', 'refunded']),
  refund: each(PAID_STATUSES, ['refunded']),
  change_passengers: same(PAID_STATUSES),
  reissue_ticket: same(PAID_STATUSES),
};

export function transitionAllowed(name: TransitionName, from: BookingStatus | null, to: BookingStatus): boolean {
  return TRANSITIONS[name].some(([f, t]) => f === from && t === to);
}

/** The statuses a transition may start from (for a query's `where status in (…)`). */
export function startingStatuses(name: TransitionName): BookingStatus[] {
  return [...new Set(TRANSITIONS[name].flatMap(([from]) => (from === null ? [] : [from])))];
}

/** The table as rows, for the documentation and the audit view: transition, from, to. */
export function transitionTable(): { transition: TransitionName; from: BookingStatus | null; to: BookingStatus }[] {
  return (Object.keys(TRANSITIONS) as TransitionName[]).flatMap((transition) =>
    TRANSITIONS[transition].map(([from, to]) => ({ transition, from, to })),
  );
}
