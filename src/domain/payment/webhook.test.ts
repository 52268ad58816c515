import { describe, expect, it } from 'vitest';
import { parseSignatureHeader, retryDelayMs, withinReplayWindow } from './webhook.ts';

const SIG = 'a'.repeat(64);

describe('webhook rules', () => {
  it('reads the timestamp and v1 signatures, and refuses anything malformed', () => {
    expect(parseSignatureHeader(`t=1700000000,v1=${SIG}`)).toEqual({ timestamp: 1700000000, signatures: [SIG] });
    expect(parseSignatureHeader(`v1=${SIG}`)).toBeUndefined();
    expect(parseSignatureHeader('t=1700000000,v1=xyz')).toBeUndefined();
    expect(parseSignatureHeader(null)).toBeUndefined();
  });

  it('accepts 5 minutes either side and nothing older', () => {
    const now = 1_700_000_000_000;
    expect(withinReplayWindow(1_700_000_000 - 300, now)).toBe(true);
    expect(withinReplayWindow(1_700_000_000 - 301, now)).toBe(false);
    expect(withinReplayWindow(1_700_000_000 + 301, now)).toBe(false);
  });

  it('backs off exponentially up to five minutes', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(20)).toBe(300_000);
  });
});
