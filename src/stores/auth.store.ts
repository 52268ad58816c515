/**
 * Sign-in state for the login and profile islands (SPEC §4, §8): the authentication-error flag
 * with the server's message, a busy flag, and the actions that call the account API.
 * SPEC §8 shows the server's message for a login 401; we show it for every 4xx answer that
 * carries one (429 rate limit, 400 refused captcha or invalid input, 422), because each tells the
 * traveller what to do next and is already translated. 5xx and network failures are logged only.
 */
import { atom } from 'nanostores';
import type { Role } from '../domain/accountMenu.ts';
import type { BodyOf, SignedInUser } from '../domain/api/operations.ts';
import { apiPost } from './api.ts';
import { apiGet } from './apiGet.ts';
import { afterLoginNavigation, cookiesClearedAtLogout } from '../domain/accounts/navigation.ts';
import { clearCookie, readCookie } from './cookies.ts';

export type { SignedInUser };
/** The account calls a sign-in form makes (src/domain/api/operations.ts). */
export type SignInOperation = 'user' | 'register' | 'reset-password' | 'login-with-email' | 'login-with-google' | 'user/otpt';

export type AuthOutcome =
  { kind: 'user'; user: SignedInUser } | { kind: 'two_factor'; token: string } | { kind: 'sent' } | { kind: 'failed'; code?: string };

/** null = no authentication error; otherwise the server's message to show. */
export const $authError = atom<string | null>(null);
export const $authBusy = atom(false);

/** Runs one account call with the busy flag and the error rule of SPEC §8. */
export async function authAction<K extends SignInOperation>(lang: string, name: K, body: BodyOf<K>): Promise<AuthOutcome> {
  $authBusy.set(true);
  $authError.set(null);
  try {
    const res = await apiPost(lang, name, body);
    if (res.ok && res.data.user) return { kind: 'user', user: res.data.user };
    if (res.ok && res.data.token) return { kind: 'two_factor', token: res.data.token };
    if (res.ok && res.data.sent) return { kind: 'sent' };
    if (res.ok) return { kind: 'failed' };
    if (res.status >= 400 && res.status < 500 && res.error?.message) $authError.set(res.error.message);
    else console.error('sign-in failed', res.status, res.error?.code);
    // The code lets a form react (the login form shows the captcha on captcha_required).
    return res.error?.code ? { kind: 'failed', code: res.error.code } : { kind: 'failed' };
  } catch (error) {
    console.error('sign-in failed', error);
    return { kind: 'failed' };
  } finally {
    $authBusy.set(false);
  }
}

/** SPEC §4: role user with a known ref → client-side navigation; otherwise a full page load. */
export async function goAfterLogin(user: SignedInUser, ref: string | null, lang: string): Promise<void> {
  const next = afterLoginNavigation(ref, user.role, lang);
  if (next.mode === 'client') {
    const { navigate } = await import('astro:transitions/client');
    await navigate(next.href);
  } else {
    window.location.assign(next.href);
  }
}

/** Where the second step lives: /{lang}/login/2fa with the token and the ref. */
export function twoFactorPath(lang: string, token: string, ref: string | null): string {
  const query = new URLSearchParams({ token, ...(ref ? { ref } : {}) });
  return `/${lang}/login/2fa?${query.toString()}`;
}

const LOCAL_USER_KEYS = ['user', 'token', 'passengers'];

/**
 * SPEC §4 logout: clear local user data and tokens (the reseller cookie too for a reseller),
 * show loading, end the session on the server, then load the page again.
 */
export async function logout(lang: string, reloadTo?: string): Promise<void> {
  const role = (readCookie('role') ?? null) as Role | null;
  for (const name of cookiesClearedAtLogout(role)) clearCookie(name);
  for (const key of LOCAL_USER_KEYS) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  window.dispatchEvent(new Event('showLoading'));
  try {
    await apiGet(lang, 'logout', {});
  } catch (error) {
    console.error('logout failed', error);
  }
  if (reloadTo) window.location.replace(reloadTo);
  else window.location.reload();
}
