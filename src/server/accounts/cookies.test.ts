import { describe, expect, it } from 'vitest';
import { parseCookies, sessionTokenFrom, signedInCookies, signedOutCookies } from './cookies.ts';
import type { UserRow } from './sessions.ts';

const user = { id: 42, role: 'reseller', isStaff: false, balanceMinor: 1050, balanceCurrency: 'EUR' } as UserRow;

describe('account cookies', () => {
  it('in production: the session is a __Host- cookie, Secure, HttpOnly and SameSite=Lax', () => {
    const [session, ...display] = signedInCookies({ secureCookies: true }, 'tok', user, false);
    expect(session).toMatch(/^__Host-session=tok; Path=\/; Max-Age=2592000; SameSite=Lax; HttpOnly; Secure$/);
    expect(display.every((c) => c.includes('Secure') && !c.includes('HttpOnly'))).toBe(true);
  });

  it('sets exactly the display cookies the static menu reads', () => {
    const display = signedInCookies({ secureCookies: false }, 'tok', user, false).slice(1);
    expect(display.map((c) => c.split(';')[0])).toEqual([
      'user_id=42',
      'role=reseller',
      'is_staff=0',
      'balance=1050',
      'balance_fxcode=EUR',
    ]);
  });

  it('a temporary session lives one day', () => {
    expect(signedInCookies({ secureCookies: false }, 'tok', user, true)[0]).toContain('Max-Age=86400');
  });

  it('signing out expires the session and every display cookie', () => {
    const cleared = signedOutCookies({ secureCookies: false });
    expect(cleared).toHaveLength(6);
    expect(cleared.every((c) => c.includes('Max-Age=0'))).toBe(true);
  });

  it('reads the session token from the cookie header under the right name', () => {
    const request = new Request('http://x/', { headers: { cookie: 'session=abc; __Host-session=def; role=admin' } });
    expect(sessionTokenFrom(request, { secureCookies: false })).toBe('abc');
    expect(sessionTokenFrom(request, { secureCookies: true })).toBe('def');
    expect(parseCookies('a=%E0%A4%A; b=2').get('b')).toBe('2');
  });
});
