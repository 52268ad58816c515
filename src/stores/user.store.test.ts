import { describe, expect, it } from 'vitest';
import { accountMenu } from '../domain/accountMenu.ts';
import { authLevel, documentCookies, userFromCookies } from './user.store.ts';

/** The display cookies as the server writes them at sign-in (src/server/accounts/cookies.ts). */
const signedIn = (over: Record<string, string> = {}) =>
  new Map(Object.entries({ user_id: '42', role: 'user', is_staff: '0', is_admin: '0', is_temp: '0', country_id: 'TH', ...over }));

describe('the user store reads the display cookies', () => {
  it('reads a fully signed-in user with their flags and country', () => {
    expect(userFromCookies(signedIn({ balance: '1250', balance_fxcode: 'THB' }))).toEqual({
      id: 42,
      role: 'user',
      isStaff: false,
      isAdmin: false,
      isTemp: false,
      countryCode: 'TH',
      balance: { minor: 1250, fxcode: 'THB' },
    });
    expect(authLevel(userFromCookies(signedIn()))).toBe(2);
  });

  it('is_temp makes a temporarily authenticated user (SPEC §4 level 1); no user_id is level 0', () => {
    const temp = userFromCookies(signedIn({ is_temp: '1' }));
    expect(temp?.isTemp).toBe(true);
    expect(authLevel(temp)).toBe(1);
    expect(userFromCookies(new Map([['is_temp', '1']]))).toBeNull();
    expect(authLevel(null)).toBe(0);
  });

  it('is_admin opens the operators’ area in the menus whatever the role', () => {
    const admin = userFromCookies(signedIn({ is_admin: '1' }));
    expect(admin?.isAdmin).toBe(true);
    const options = { lang: 'en', localeCode: 'en', currentPath: '/en', placement: 'footer' as const };
    expect(accountMenu(admin, options).map((e) => e.id)).toContain('operators');
    expect(accountMenu(userFromCookies(signedIn()), options).map((e) => e.id)).not.toContain('operators');
  });

  it('ignores what the server never writes: a bad id, an unknown role, a flag other than 1, a country that is not a code', () => {
    expect(userFromCookies(signedIn({ user_id: '42abc' }))).toBeNull();
    expect(userFromCookies(signedIn({ user_id: '0' }))).toBeNull();
    const odd = userFromCookies(signedIn({ role: 'root', is_admin: 'true', is_temp: 'yes', country_id: 'Thailand', balance: '1e9' }));
    expect(odd).toMatchObject({ role: 'user', isAdmin: false, isTemp: false, countryCode: null, balance: undefined });
    expect(userFromCookies(signedIn({ country_id: 'vn' }))?.countryCode).toBe('VN');
  });

  it('reads document.cookie, decoding values and skipping what does not decode', () => {
    expect(documentCookies('user_id=7; role=support; bad=%E0%A4%A; name=Anna%20Berg')).toEqual(
      new Map([
        ['user_id', '7'],
        ['role', 'support'],
        ['name', 'Anna Berg'],
      ]),
    );
  });
});
