import { describe, expect, it } from 'vitest';
import { oneTapEligible } from './oneTap.ts';

const ID = '123.apps.googleusercontent.com';

describe('oneTapEligible', () => {
  it('offers one-tap to a logged-out visitor on ordinary pages when a client id is configured', () => {
    for (const pathname of ['/en', '/en/', '/ar/support', '/en/bus/bangkok/chiang-mai', '/en/operator/green-bus']) {
      expect(oneTapEligible({ clientId: ID, pathname, signedIn: false }), pathname).toBe(true);
    }
  });

  it('never without a client id (no third-party script by default)', () => {
    expect(oneTapEligible({ clientId: undefined, pathname: '/en', signedIn: false })).toBe(false);
    expect(oneTapEligible({ clientId: null, pathname: '/en', signedIn: false })).toBe(false);
    expect(oneTapEligible({ clientId: '', pathname: '/en', signedIn: false })).toBe(false);
  });

  it('never for a signed-in user', () => {
    expect(oneTapEligible({ clientId: ID, pathname: '/en', signedIn: true })).toBe(false);
  });

  it('never on checkout or pay routes, nor on the login page with its own Google button', () => {
    for (const pathname of [
      '/en/checkout',
      '/en/checkout/abc123/step/passengers',
      '/th/pay',
      '/th/pay/abc123',
      '/en/payment-status',
      '/en/login',
      '/en/login/2fa',
    ]) {
      expect(oneTapEligible({ clientId: ID, pathname, signedIn: false }), pathname).toBe(false);
    }
  });

  it('looks at the segment after the language only', () => {
    expect(oneTapEligible({ clientId: ID, pathname: '/en/support/payment-and-refund', signedIn: false })).toBe(true);
    expect(oneTapEligible({ clientId: ID, pathname: '/en/travel-guides/checkout-tips', signedIn: false })).toBe(true);
  });
});
