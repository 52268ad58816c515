/**
 * The cookie table is the one list of cookies (SPEC §3, §9): the privacy policy shows it, and the
 * code may set no cookie it lacks. The second half reads the source for every way this code sets
 * a cookie, so a new `Astro.cookies.set('x', …)` or `document.cookie = …` fails here until the
 * table (and with it the privacy policy) lists it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { signedInCookies, signedOutCookies } from '../server/accounts/cookies.ts';
import type { UserRow } from '../server/accounts/sessions.ts';
import { USER_COOKIES } from './accounts/navigation.ts';
import { CONSENT_MAX_AGE_S } from './consent.ts';
import { COOKIE_NAMES, cookieMaxAge, lifetimeUnit, YEAR_S, type CookieName } from './cookieTable.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const known = new Set<string>(COOKIE_NAMES);
const baseName = (name: string) => name.replace(/^__Host-/, '');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(entry) && !entry.endsWith('.test.ts') ? [path] : [];
  });
}

const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'scripts'))].map((path) => ({
  path: relative(root, path),
  text: readFileSync(path, 'utf8'),
}));

/** Functions that name a cookie of the table (a `__Host-` variant over https). */
const NAMING_FUNCTIONS: Record<string, CookieName> = { cartSessionCookieName: 'cart_session', sessionCookieName: 'session' };
/** Files that write `document.cookie` themselves: their names come from the table by type or constant. */
const RAW_WRITERS = ['src/stores/cookies.ts', 'src/components/CookieConsent.astro'];
/** Files that append Set-Cookie headers: their cookies are checked one by one below. */
// Files that append Set-Cookie headers built elsewhere: accounts/http.ts from the typed writers,
// api/http.ts's json() whatever its callers pass (accounts' typed cookies, and the rail pass
// cart's cart_session, named by booking/access.ts), http/setCookie.ts (a `CookieName` of the table:
// the partner host's affiliate_id and the feature_flags assignment, issue 25).
const HEADER_WRITERS = ['src/server/accounts/http.ts', 'src/server/api/http.ts', 'src/server/http/setCookie.ts'];

/** Every place a cookie is set, with the name when the source names it. */
function cookieSetters(source: { path: string; text: string }[]): { path: string; how: string; name: string | undefined }[] {
  return source.flatMap(({ path, text }) => [
    ...[...text.matchAll(/cookies\.set\(\s*([^,]+),/g)].map((m) => {
      const arg = m[1]?.trim() ?? '';
      const literal = /^(['"])([^'"]+)\1$/.exec(arg)?.[2];
      const call = /^(\w+)\(/.exec(arg)?.[1];
      return { path, how: 'cookies.set', name: literal ?? (call ? NAMING_FUNCTIONS[call] : undefined) };
    }),
    ...[...text.matchAll(/writeCookie\(\s*(['"`])([^'"`]*)\1/g)].map((m) => {
      const raw = m[2] ?? '';
      return { path, how: 'writeCookie', name: raw.includes('${') ? 'typed' : raw };
    }),
    ...[...text.matchAll(/document\.cookie\s*=/g)].map(() => ({
      path,
      how: 'document.cookie',
      name: RAW_WRITERS.includes(path) ? 'typed' : undefined,
    })),
    ...[...text.matchAll(/['"]set-cookie['"]\s*,/gi)]
      .filter((m) => /append\(\s*$/.test(text.slice(Math.max(0, m.index - 12), m.index)))
      .map(() => ({ path, how: 'Set-Cookie header', name: HEADER_WRITERS.includes(path) ? 'typed' : undefined })),
  ]);
}

describe('the cookie table (SPEC §3, §9)', () => {
  it('gives search, user, currency and passenger cookies one year', () => {
    for (const name of [
      'last_search',
      'from_id',
      'to_slug',
      'search_date',
      'user_id',
      'is_admin',
      'is_temp',
      'country_id',
      'currency',
      'passengers',
    ] as const) {
      expect(cookieMaxAge(name), name).toBe(YEAR_S);
    }
  });

  it('has the lifetime the cookie banner writes the consent cookie with', () => {
    expect(cookieMaxAge('consent')).toBe(CONSENT_MAX_AGE_S);
  });

  it('shows lifetimes in whole units', () => {
    expect(lifetimeUnit(YEAR_S)).toEqual({ value: 1, unit: 'year' });
    expect(lifetimeUnit(30 * 86_400)).toEqual({ value: 30, unit: 'day' });
    expect(lifetimeUnit(3600)).toEqual({ value: 1, unit: 'hour' });
    expect(lifetimeUnit(1800)).toEqual({ value: 30, unit: 'minute' });
  });

  it('lists every cookie sign-in and sign-out write, with the lifetime they are written with', () => {
    const user = {
      id: 1,
      role: 'admin',
      isStaff: true,
      isAdmin: true,
      countryCode: 'VN',
      balanceMinor: 0,
      balanceCurrency: 'USD',
    } as UserRow;
    for (const secureCookies of [true, false]) {
      const written = [...signedInCookies({ secureCookies }, 'token', user, false), ...signedOutCookies({ secureCookies })];
      for (const cookie of written) {
        const name = baseName(cookie.slice(0, cookie.indexOf('=')));
        expect(known.has(name), `${name} is not in the cookie table`).toBe(true);
      }
    }
    for (const cookie of signedInCookies({ secureCookies: false }, 'token', user, false).slice(1)) {
      const name = cookie.slice(0, cookie.indexOf('=')) as CookieName;
      expect(cookie).toContain(`Max-Age=${String(cookieMaxAge(name))}`);
    }
  });

  it('lists every user cookie logout clears', () => {
    expect(USER_COOKIES.filter((name) => !known.has(name))).toEqual([]);
  });

  it('finds the cookie setters in the source (the scan below is not blind)', () => {
    const found = cookieSetters(files);
    expect(found.filter((s) => s.how === 'cookies.set').length).toBeGreaterThanOrEqual(5);
    expect(found.some((s) => s.how === 'writeCookie' && s.name === 'last_search')).toBe(true);
    expect(found.some((s) => s.how === 'document.cookie')).toBe(true);
    // And it catches one the table lacks.
    const planted = cookieSetters([
      { path: 'src/pages/x.astro', text: "Astro.cookies.set('tracking_id', id, {});\ndocument.cookie = 'a=b';" },
    ]);
    expect(planted.map((s) => s.name)).toEqual(['tracking_id', undefined]);
  });

  it('the code sets no cookie the table lacks', () => {
    const unknown = cookieSetters(files)
      .filter((s) => s.name !== 'typed' && (s.name === undefined || !known.has(baseName(s.name))))
      .map((s) => `${s.path}: ${s.how} ${s.name ?? '(a name the table cannot check)'}`);
    expect(unknown).toEqual([]);
  });
});
