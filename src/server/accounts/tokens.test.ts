import { describe, expect, it } from 'vitest';
import { hashToken, newToken, safeEqual } from './tokens.ts';

describe('tokens', () => {
  it('are 128-bit, URL-safe and unique', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(16);
  });

  it('are stored as a hash that does not contain the token', () => {
    const t = newToken();
    expect(hashToken(t)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(t)).not.toContain(t);
  });

  it('compare equal only when identical', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
  });
});
