/**
 * finAPI's web form callback (`callbacks.finalised`) is a bare POST of `{ webFormId, status }`
 * with no signature of its own. So the shop signs the callback URL it hands finAPI: the URL
 * carries the booking's public id and an HMAC-SHA256 of it with FINAPI_CALLBACK_SECRET. A
 * callback whose URL was not made by the shop is refused before its body is read; and the body
 * is never believed — the shop asks finAPI where the web form and its payment stand, and the
 * amount must match the payment's (confirm.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

export const FINAPI_CALLBACK_PATH = '/api/paygates/finapi/callback';

/** The callback URL's query, as the API contract declares it (the signature is checked, not parsed, by the handler). */
export const finapiCallbackQuery = z.object({ booking: z.uuid(), signature: z.string().min(1).max(100) });

export function finapiCallbackSignature(secret: string, bookingPublicId: string): string {
  return createHmac('sha256', secret).update(`finapi-callback:${bookingPublicId}`, 'utf8').digest('base64url');
}

export function finapiCallbackUrl(origin: string, secret: string, bookingPublicId: string): string {
  const query = new URLSearchParams({ booking: bookingPublicId, signature: finapiCallbackSignature(secret, bookingPublicId) });
  return `${origin}${FINAPI_CALLBACK_PATH}?${query.toString()}`;
}

export type FinapiCallbackCheck = 'ok' | 'missing' | 'forged';

export function verifyFinapiCallback(secret: string, bookingPublicId: string | null, signature: string | null): FinapiCallbackCheck {
  if (!bookingPublicId || !signature) return 'missing';
  const expected = Buffer.from(finapiCallbackSignature(secret, bookingPublicId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'forged';
}
