/**
 * Webhook rules that need no crypto library: the signature header's shape
 * (`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`), the 5-minute replay window, and
 * the retry schedule (exponential backoff, capped) a sender follows until acknowledged.
 */

export const REPLAY_WINDOW_S = 5 * 60;

export interface SignatureHeader {
  timestamp: number;
  signatures: string[];
}

export function parseSignatureHeader(header: string | null): SignatureHeader | undefined {
  if (!header || header.length > 1000) return undefined;
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && v && /^\d{1,12}$/.test(v)) timestamp = Number(v);
    else if (k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)) signatures.push(v);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}

/** Within the window on both sides: a clock a little ahead is not an attack, an old capture is. */
export function withinReplayWindow(timestampS: number, nowMs: number): boolean {
  return Math.abs(nowMs / 1000 - timestampS) <= REPLAY_WINDOW_S;
}

/** Delay before retry number `attempt` (1-based): 1 s, 2 s, 4 s … at most 5 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);
}
