import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './dispatch.ts';
import { EVENT_KINDS, parseEvent, SUBSCRIBER_NAMES, SUBSCRIPTIONS } from './kinds.ts';

describe('domain event kinds', () => {
  it('give every kind at least one subscriber, and only known ones', () => {
    for (const kind of EVENT_KINDS) {
      expect(SUBSCRIPTIONS[kind].length).toBeGreaterThan(0);
      for (const name of SUBSCRIPTIONS[kind]) expect(SUBSCRIBER_NAMES).toContain(name);
    }
  });

  it('read a stored event back only in the shape its kind allows', () => {
    const payload = { refundMinor: 1800, currency: 'THB', refunds: [] };
    expect(parseEvent('booking.cancelled', 7, payload)).toEqual({ kind: 'booking.cancelled', bookingId: 7, payload });
    expect(() => parseEvent('booking.exploded', 7, {})).toThrow('unknown event kind "booking.exploded"');
    expect(() => parseEvent('booking.cancelled', 7, { ...payload, currency: 'baht' })).toThrow();
    expect(() =>
      parseEvent('booking.paid', 7, { paymentId: 1, paygate: 'counter', amountMinor: 1.5, currency: 'THB', status: 'confirmed' }),
    ).toThrow();
  });

  it('back off 10 s, 20 s, 40 s … up to 30 minutes between attempts', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(20)).toBe(30 * 60_000);
  });
});
