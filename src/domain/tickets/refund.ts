/**
 * What a traveller gets back on cancelling (the refund preview of /{lang}/ticket). Before a
 * leg's full_refund_until the whole fare comes back; after it, the leg's operator's rule applies
 * (its late-cancellation share of the fare, until departure) for legs that offered free
 * cancellation, and nothing comes back for legs that never did. Add-ons come back only with a
 * full refund. Nothing can be cancelled once the first leg has left.
 */

export interface RefundLeg {
  departureAt: Date;
  /** Null when the option never offered free cancellation. */
  fullRefundUntil: Date | null;
  fareMinor: number;
  /** The operator's share refunded after free cancellation ended, in percent (0–100). */
  lateRefundPct: number;
}

export interface RefundPreview {
  cancellable: boolean;
  full: boolean;
  refundMinor: number;
  /** The earliest free-cancellation deadline, when every leg had one. */
  deadline: Date | null;
}

export function refundPreview(legs: readonly RefundLeg[], extrasMinor: number, now: Date): RefundPreview {
  const firstDeparture = Math.min(...legs.map((l) => l.departureAt.getTime()));
  const deadlines = legs.map((l) => l.fullRefundUntil);
  const deadline = deadlines.every((d): d is Date => d !== null) ? new Date(Math.min(...deadlines.map((d) => d.getTime()))) : null;
  if (legs.length === 0 || now.getTime() >= firstDeparture) return { cancellable: false, full: false, refundMinor: 0, deadline };
  let refund = 0;
  let full = true;
  for (const leg of legs) {
    if (leg.fullRefundUntil && now < leg.fullRefundUntil) refund += leg.fareMinor;
    else {
      full = false;
      if (leg.fullRefundUntil) refund += Math.round((leg.fareMinor * leg.lateRefundPct) / 100);
    }
  }
  return { cancellable: true, full, refundMinor: refund + (full ? extrasMinor : 0), deadline };
}
