/**
 * HMAC-SHA256 webhook signatures over "<timestamp>.<body>", compared in constant time, with
 * the replay window of src/domain/payment/webhook.ts.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseSignatureHeader, withinReplayWindow } from '../../domain/payment/webhook.ts';

export const SIGNATURE_HEADER = 'sandbox-signature';

export function sign(secret: string, timestampS: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestampS}.${body}`).digest('hex');
}

export function signatureHeader(secret: string, timestampS: number, body: string): string {
  return `t=${timestampS},v1=${sign(secret, timestampS, body)}`;
}

export type SignatureCheck = 'ok' | 'malformed' | 'stale' | 'forged';

export function verifySignature(secret: string, header: string | null, body: string, nowMs: number): SignatureCheck {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return 'malformed';
  if (!withinReplayWindow(parsed.timestamp, nowMs)) return 'stale';
  const expected = Buffer.from(sign(secret, parsed.timestamp, body), 'hex');
  const matches = parsed.signatures.some((s) => {
    const given = Buffer.from(s, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? 'ok' : 'forged';
}
