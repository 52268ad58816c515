import { describe, expect, it } from 'vitest';
import { refundPreview } from './refund.ts';

const dep = new Date('2025-06-04T14:00:00Z');
const until = new Date('2025-06-03T14:00:00Z');

describe('refundPreview', () => {
  it('refunds everything, add-ons included, before the free-cancellation deadline', () => {
    expect(
      refundPreview(
        [{ departureAt: dep, fullRefundUntil: until, fareMinor: 10_000, lateRefundPct: 50 }],
        500,
        new Date('2025-06-03T13:59:00Z'),
      ),
    ).toEqual({
      cancellable: true,
      full: true,
      refundMinor: 10_500,
      deadline: until,
    });
  });

  it('applies the operator rule after the deadline and nothing for a leg without free cancellation', () => {
    const late = new Date('2025-06-04T10:00:00Z');
    const preview = refundPreview(
      [
        { departureAt: dep, fullRefundUntil: until, fareMinor: 10_000, lateRefundPct: 50 },
        { departureAt: new Date('2025-06-05T00:00:00Z'), fullRefundUntil: null, fareMinor: 4_000, lateRefundPct: 50 },
      ],
      500,
      late,
    );
    expect(preview).toEqual({ cancellable: true, full: false, refundMinor: 5_000, deadline: null });
  });

  it("uses each leg's own operator rule after the deadline", () => {
    const late = new Date('2025-06-04T10:00:00Z');
    const preview = refundPreview(
      [
        { departureAt: dep, fullRefundUntil: until, fareMinor: 10_000, lateRefundPct: 25 },
        { departureAt: new Date('2025-06-05T00:00:00Z'), fullRefundUntil: until, fareMinor: 3_000, lateRefundPct: 0 },
      ],
      500,
      late,
    );
    expect(preview).toMatchObject({ cancellable: true, full: false, refundMinor: 2_500 });
  });

  it('cannot cancel once the trip has started', () => {
    expect(refundPreview([{ departureAt: dep, fullRefundUntil: until, fareMinor: 10_000, lateRefundPct: 50 }], 0, dep).cancellable).toBe(
      false,
    );
  });
});
