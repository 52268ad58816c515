import { describe, expect, it } from 'vitest';
import { holdExpiresAt, isHoldExpired, lockOrder, priceChange } from './holds.ts';

describe('seat hold rules', () => {
  it('a hold lasts the configured minutes and has lapsed at its expiry instant', () => {
    const expires = holdExpiresAt(Date.UTC(2025, 5, 2, 10), 20);
    expect(expires.toISOString()).toBe('2025-06-02T10:20:00.000Z');
    expect(isHoldExpired(expires, Date.UTC(2025, 5, 2, 10, 19, 59))).toBe(false);
    expect(isHoldExpired(expires, Date.UTC(2025, 5, 2, 10, 20))).toBe(true);
  });

  it('locks departures in one global order whatever the booking order, once each', () => {
    const a = { scheduleId: 9, travelOptionId: 1, serviceDate: '2025-06-04' };
    const b = { scheduleId: 3, travelOptionId: 7, serviceDate: '2025-06-05' };
    const c = { scheduleId: 3, travelOptionId: 7, serviceDate: '2025-06-04' };
    expect(lockOrder([a, b, c, { ...a }])).toEqual([c, b, a]);
    expect(lockOrder([c, a, b])).toEqual(lockOrder([b, c, a]));
  });

  it('reports a price change only when the amount moved', () => {
    expect(priceChange(1000, 1000)).toBeUndefined();
    expect(priceChange(1000, 1100)).toEqual({ quotedMinor: 1000, currentMinor: 1100 });
  });
});
