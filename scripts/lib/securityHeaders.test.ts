import { describe, expect, it } from 'vitest';
import { HEADER_CSP, isPrivatePath, mergeCsp, mustNotStore, securityHeaders } from './securityHeaders.ts';

describe('security headers', () => {
  it('forbid framing, sniffing and plugins on every answer; HSTS only over https', () => {
    const headers = securityHeaders('/en', { https: false });
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("object-src 'none'");
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(securityHeaders('/en', { https: true })['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('send no referrer to other sites from pages whose URL carries a cart hash or a ticket token', () => {
    expect(securityHeaders('/en/ticket', { https: false })['referrer-policy']).toBe('same-origin');
    expect(securityHeaders('/en/pay/abc', { https: false })['referrer-policy']).toBe('same-origin');
    expect(securityHeaders('/en/about', { https: false })['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keep private answers and answers that set cookies out of caches', () => {
    for (const path of [
      '/en/checkout/h',
      '/en/pay/h',
      '/en/ticket',
      '/en/order/1/payment/counter/success',
      '/en/payment-status/booking/1',
      '/en/add-to-cart/x/1',
      '/sandbox-gateway/pay/t',
    ])
      expect(isPrivatePath(path)).toBe(true);
    expect(mustNotStore('/en/about', { setsCookie: true, cacheControl: 'public, max-age=60' })).toBe(true);
    expect(mustNotStore('/api/nuxt/en/pay', { setsCookie: false, cacheControl: undefined })).toBe(true);
    expect(mustNotStore('/api/nuxt/en/trips/search', { setsCookie: false, cacheControl: 'public, max-age=60' })).toBe(false);
    expect(mustNotStore('/en/about', { setsCookie: false, cacheControl: undefined })).toBe(false);
  });

  it("add frame-ancestors to the policy Astro sends with an on-demand page, keeping Astro's script hashes", () => {
    const astro = "object-src 'none';base-uri 'self'; script-src 'self' 'sha256-abc'; style-src 'self';";
    const merged = mergeCsp(astro, HEADER_CSP);
    expect(merged).toContain("script-src 'self' 'sha256-abc'");
    expect(merged).toContain("frame-ancestors 'none'");
    expect(merged.match(/object-src/g)).toHaveLength(1);
  });
});
