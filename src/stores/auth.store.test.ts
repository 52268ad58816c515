import { cleanStores } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { $authBusy, $authError, authAction, twoFactorPath } from './auth.store.ts';

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanStores($authError, $authBusy);
  $authError.set(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authAction', () => {
  it('returns the user on success and posts JSON to the language’s API path', async () => {
    const fetchMock = answer(200, { user: { id: 7, role: 'user', email: 'a@b.co', isTemp: false } });
    const outcome = await authAction('de', 'user', { email: 'a@b.co', password: 'x' });
    expect(outcome).toEqual({ kind: 'user', user: { id: 7, role: 'user', email: 'a@b.co', isTemp: false } });
    expect(fetchMock).toHaveBeenCalledWith('/api/nuxt/de/user', expect.objectContaining({ method: 'POST' }));
    expect($authBusy.get()).toBe(false);
  });

  it('hands over the second-step token', async () => {
    answer(200, { token: 'abc' });
    expect(await authAction('en', 'user', {})).toEqual({ kind: 'two_factor', token: 'abc' });
  });

  it('sets the authentication-error flag with the server’s message on 401', async () => {
    answer(401, { error: { code: 'invalid_credentials', message: 'The email or password is not correct.' } });
    expect(await authAction('en', 'user', {})).toEqual({ kind: 'failed', code: 'invalid_credentials' });
    expect($authError.get()).toBe('The email or password is not correct.');
  });

  it('shows the server’s message for other 4xx answers too (a refused captcha, a rate limit)', async () => {
    answer(401, { error: { code: 'captcha_failed', message: 'We could not confirm that you are not a robot.' } });
    expect(await authAction('en', 'reset-password', { email: 'a@b.co' })).toEqual({ kind: 'failed', code: 'captcha_failed' });
    expect($authError.get()).toBe('We could not confirm that you are not a robot.');
    answer(429, { error: { code: 'too_many_attempts', message: 'Too many attempts.' } });
    await authAction('en', 'reset-password', { email: 'a@b.co' });
    expect($authError.get()).toBe('Too many attempts.');
    answer(422, { error: { code: 'invalid_reset', message: 'Please enter a valid email.' } });
    await authAction('en', 'reset-password', { email: 'a@b.co' });
    expect($authError.get()).toBe('Please enter a valid email.');
  });

  it('logs a 4xx answer without a message instead of showing an empty error', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(404, {});
    expect(await authAction('en', 'user', {})).toEqual({ kind: 'failed' });
    expect($authError.get()).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  it('only logs server failures', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(500, { error: { code: 'boom', message: 'Internal' } });
    expect(await authAction('en', 'user', {})).toEqual({ kind: 'failed', code: 'boom' });
    expect($authError.get()).toBeNull();
    expect(log).toHaveBeenCalled();
  });

  it('clears an earlier error when a new attempt starts', async () => {
    $authError.set('old message');
    answer(200, { sent: true });
    expect(await authAction('en', 'login-with-email', { email: 'a@b.co' })).toEqual({ kind: 'sent' });
    expect($authError.get()).toBeNull();
  });
});

describe('twoFactorPath', () => {
  it('leads to /{lang}/login/2fa with the token and the ref', () => {
    expect(twoFactorPath('en', 'tok', '/en/profile')).toBe('/en/login/2fa?token=tok&ref=%2Fen%2Fprofile');
    expect(twoFactorPath('th', 'tok', null)).toBe('/th/login/2fa?token=tok');
  });
});
