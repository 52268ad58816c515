import { describe, expect, it } from 'vitest';
import { finapiCallbackSignature, finapiCallbackUrl, verifyFinapiCallback } from './callbackSignature.ts';

const SECRET = 'a-callback-secret-for-the-tests';
const BOOKING = '6f1c2a4e-8d0b-4c3a-9f7e-2b5d8a1c0e93';

describe('finAPI callback URL signature', () => {
  it('accepts the URL the shop made, and only for its booking and secret', () => {
    const url = new URL(finapiCallbackUrl('https://shop.example', SECRET, BOOKING));
    expect(url.pathname).toBe('/api/paygates/finapi/callback');
    expect(verifyFinapiCallback(SECRET, url.searchParams.get('booking'), url.searchParams.get('signature'))).toBe('ok');
    expect(verifyFinapiCallback('another-secret-of-enough-length', BOOKING, url.searchParams.get('signature'))).toBe('forged');
    const otherBooking = BOOKING.replace('6f', '7f');
    expect(verifyFinapiCallback(SECRET, otherBooking, url.searchParams.get('signature'))).toBe('forged');
  });

  it('says what is missing, and refuses a signature of another length without comparing it', () => {
    expect(verifyFinapiCallback(SECRET, null, 'x')).toBe('missing');
    expect(verifyFinapiCallback(SECRET, BOOKING, null)).toBe('missing');
    expect(verifyFinapiCallback(SECRET, BOOKING, `${finapiCallbackSignature(SECRET, BOOKING)}x`)).toBe('forged');
  });
});
