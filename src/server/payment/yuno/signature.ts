/**
 * Yuno's webhook signature ("Verify Webhook Signatures (HMAC)", docs.y.uno): with HMAC
 * authentication on, every webhook carries `x-hmac-signature`, the HMAC-SHA256 of the raw
 * request body with the webhook's secret, base64-encoded. Checked over the raw bytes before the
 * JSON is parsed, in constant time. The scheme has no timestamp: a replayed webhook is caught by
 * its event id (confirm.ts records every applied event), and it can only repeat what happened.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const YUNO_SIGNATURE_HEADER = 'x-hmac-signature';

export function yunoSignature(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('base64');
}

export type YunoSignatureCheck = 'ok' | 'missing' | 'forged';

export function verifyYunoSignature(secret: string, header: string | null, rawBody: string): YunoSignatureCheck {
  if (!header) return 'missing';
  const expected = Buffer.from(yunoSignature(secret, rawBody));
  const given = Buffer.from(header.trim());
  return given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'forged';
}
