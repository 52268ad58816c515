import { describe, expect, it } from 'vitest';
import { restrictStep } from './steps.ts';

const open = { cartExists: true, hasLiveBooking: false, paidBookingId: null };

describe('restrictStep', () => {
  it('lets a traveller see the itinerary and passengers of an existing cart', () => {
    expect(restrictStep('en', 'h', 0, open)).toBeNull();
    expect(restrictStep('en', 'h', 1, open)).toBeNull();
  });

  it('sends confirmation and payment back to passengers until seats are held', () => {
    expect(restrictStep('en', 'h', 2, open)).toBe('/en/checkout/h/step/passengers');
    expect(restrictStep('en', 'h', 3, open)).toBe('/en/checkout/h/step/passengers');
    expect(restrictStep('en', 'h', 2, { ...open, hasLiveBooking: true })).toBeNull();
  });

  it('sends an unknown cart to the empty checkout and a paid one to its payment status', () => {
    expect(restrictStep('de', 'h', 1, { ...open, cartExists: false })).toBe('/de/checkout?unknown=1');
    expect(restrictStep('en', 'h', 1, { ...open, paidBookingId: 'b7e1c6a0-0000-4000-8000-000000000007' })).toBe(
      '/en/payment-status/booking/b7e1c6a0-0000-4000-8000-000000000007',
    );
  });
});
