import { describe, expect, it } from 'vitest';
import { parseCookies, sessionTokenFrom, signedInCookies, signedOutCookies } from './cookies.ts';
import type { UserRow } from './sessions.ts';

const user = {
  id: 42,
  role: 'reseller',
  isStaff: false,
  isAdmin: false,
  countryCode: 'TH',
  balanceMinor: 1050,
  balanceCurrency: 'EUR',
} as UserRow;

describe('account cookies', () => {
  it('in production: the session is a __Host- cookie, Secure, HttpOnly and SameSite=Lax', () => {
    const [session, ...display] = signedInCookies({ secureCookies: true }, 'tok', user, false);
    expect(session).toMatch(/^__Host-session=tok; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly; Secure$/);
    expect(display.every((c) => c.includes('Secure') && !c.includes('HttpOnly'))).toBe(true);
  });

  it('sets exactly the display cookies of SPEC §3, each for one year (§9)', () => {
    const display = signedInCookies({ secureCookies: false }, 'tok', user, false).slice(1);
    expect(display.map((c) => c.split(';')[0])).toEqual([
      'user_id=42',
      'role=reseller',
      'is_staff=0',
      'is_admin=0',
      'is_temp=0',
      'country_id=TH',
      'balance=1050',
      'balance_fxcode=EUR',
    ]);
    expect(display.every((c) => c.includes('Max-Age=31536000'))).toBe(true);
  });

  it('writes the admin and temporary-sign-in flags where they apply, and drops a country the user no longer has', () => {
    const admin = { ...user, role: 'admin', isStaff: true, isAdmin: true, countryCode: null } as UserRow;
    const cookies = signedInCookies({ secureCookies: false }, 'tok', admin, true).slice(1);
    const byName = new Map(cookies.map((c) => [c.split('=')[0], c]));
    expect(byName.get('is_admin')).toMatch(/^is_admin=1; .*Max-Age=31536000/);
    expect(byName.get('is_staff')).toMatch(/^is_staff=1;/);
    expect(byName.get('is_temp')).toMatch(/^is_temp=1;/);
    expect(byName.get('country_id')).toMatch(/^country_id=; .*Max-Age=0/);
  });

  it('a temporary session lives one day', () => {
    expect(signedInCookies({ secureCookies: false }, 'tok', user, true)[0]).toContain('Max-Age=86400');
  });

  it('signing out expires the session and every display cookie', () => {
    const cleared = signedOutCookies({ secureCookies: false });
    expect(cleared).toHaveLength(9);
    expect(cleared.every((c) => c.includes('Max-Age=0'))).toBe(true);
  });

  it('reads the session token from the cookie header under the right name', () => {
    const request = new Request('http://x/', { headers: { cookie: 'session=abc; __Host-session=def; role=admin' } });
    expect(sessionTokenFrom(request, { secureCookies: false })).toBe('abc');
    expect(sessionTokenFrom(request, { secureCookies: true })).toBe('def');
    expect(parseCookies('a=%E0%A4%A; b=2').get('b')).toBe('2');
  });
});
