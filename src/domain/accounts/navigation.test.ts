import { describe, expect, it } from 'vitest';
import { afterLoginNavigation, cookiesClearedAtLogout, isKnownRoute } from './navigation.ts';

describe('isKnownRoute', () => {
  it('knows the app routes in any language', () => {
    expect(isKnownRoute('/en/profile')).toBe(true);
    expect(isKnownRoute('/ar/bus/bangkok/chiang-mai?date=2026-12-01')).toBe(true);
    expect(isKnownRoute('/de')).toBe(true);
    expect(isKnownRoute('/en/checkout/abc/step/passengers')).toBe(true);
  });

  it('does not know other paths', () => {
    expect(isKnownRoute('/en/some/unknown/deep/path/here')).toBe(false);
    expect(isKnownRoute('/rss.xml')).toBe(false);
  });
});

describe('afterLoginNavigation', () => {
  it('routes a user client-side to a known ref', () => {
    expect(afterLoginNavigation('/en/profile', 'user', 'en')).toEqual({ mode: 'client', href: '/en/profile' });
  });

  it('gives other roles a full page load to the ref', () => {
    expect(afterLoginNavigation('/en/profile', 'reseller', 'en')).toEqual({ mode: 'full', href: '/en/profile' });
    expect(afterLoginNavigation('/en/op', 'admin', 'en')).toEqual({ mode: 'full', href: '/en/op' });
  });

  it('uses a full load for an unknown ref and the language home without one', () => {
    expect(afterLoginNavigation('/en/some/unknown/deep/path/here', 'user', 'en').mode).toBe('full');
    expect(afterLoginNavigation(null, 'user', 'fr')).toEqual({ mode: 'full', href: '/fr' });
  });

  it('does not send a user back to the login page itself', () => {
    expect(afterLoginNavigation('/en/login?ref=%2Fen', 'user', 'en')).toEqual({ mode: 'full', href: '/en' });
    expect(afterLoginNavigation('/en/login/2fa', 'user', 'en')).toEqual({ mode: 'full', href: '/en' });
    expect(afterLoginNavigation('/en/logins-guide', 'user', 'en').href).toBe('/en/logins-guide');
  });

  it('never follows a ref off the site', () => {
    expect(afterLoginNavigation('https://evil.example', 'user', 'en')).toEqual({ mode: 'full', href: '/en' });
  });
});

describe('cookiesClearedAtLogout', () => {
  it('clears the reseller cookie only for resellers', () => {
    expect(cookiesClearedAtLogout('reseller')).toContain('reseller');
    expect(cookiesClearedAtLogout('user')).not.toContain('reseller');
    expect(cookiesClearedAtLogout('user')).toContain('user_id');
  });
});
