import { describe, expect, it } from 'vitest';
import { normalisePath, redirectFor, routeRedirectInput, type RouteRedirect } from './routeRedirects.ts';

const table = (...redirects: RouteRedirect[]) => new Map(redirects.map((r) => [r.fromPath, r]));

describe('route redirects managed by Admin', () => {
  it('sends an address of the site to its target, with or without a trailing slash, keeping the query', () => {
    const redirects = table({ fromPath: '/en/old-guide', target: '/en/guides/chiang-mai', status: 301 });
    expect(redirectFor(redirects, '/en/old-guide', '')).toEqual({ location: '/en/guides/chiang-mai', status: 301 });
    expect(redirectFor(redirects, '/en/old-guide/', '?utm_source=mail')).toEqual({
      location: '/en/guides/chiang-mai?utm_source=mail',
      status: 301,
    });
    expect(redirectFor(redirects, '/en/old-guide-2', '')).toBeNull();
  });

  it('jumps to another site exactly as written when the target is absolute (SPEC §2 external jump)', () => {
    const redirects = table({ fromPath: '/en/hotels', target: 'https://hotels.example.com/?aid=12', status: 302 });
    expect(redirectFor(redirects, '/en/hotels', '?q=x')).toEqual({ location: 'https://hotels.example.com/?aid=12', status: 302 });
  });

  it('matches an address a browser sent percent-encoded against the one Admin typed', () => {
    const redirects = table({ fromPath: normalisePath('/fr/gare-routière'), target: '/fr', status: 302 });
    expect(redirectFor(redirects, '/fr/gare-routi%C3%A8re', '')?.location).toBe('/fr');
  });

  it("accepts Admin's form and refuses what would break the site", () => {
    expect(routeRedirectInput.parse({ fromPath: ' /en/old/ ', target: '/en/new?x=1', status: '301' })).toEqual({
      fromPath: '/en/old',
      target: '/en/new?x=1',
      status: 301,
    });
    const refused = (input: Record<string, unknown>) => {
      const parsed = routeRedirectInput.safeParse(input);
      return parsed.success ? [] : parsed.error.issues.map((i) => `${String(i.path[0])}:${i.message}`);
    };
    expect(refused({ fromPath: 'en/old', target: '/en', status: 302 })).toContain('fromPath:path');
    expect(refused({ fromPath: '/api/nuxt/en/trips/search', target: '/en', status: 302 })).toContain('fromPath:reserved');
    expect(refused({ fromPath: '/_astro/app.js', target: '/en', status: 302 })).toContain('fromPath:reserved');
    expect(refused({ fromPath: '/en/old', target: '//evil.example', status: 302 })).toContain('target:target');
    expect(refused({ fromPath: '/en/old', target: 'javascript:alert(1)', status: 302 })).toContain('target:target');
    expect(refused({ fromPath: '/en/old', target: '/en/old/', status: 302 })).toContain('target:loop');
    expect(refused({ fromPath: '/en/old', target: '/en', status: 307 })).toContain('status:status');
  });
});
