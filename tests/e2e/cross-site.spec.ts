/**
 * Cross-site writes are refused by the project's own check (src/domain/accounts/csrf.ts), with
 * the JSON error envelope (code `cross_site`, a translated message) — for API calls and for the
 * pages that take a form post alike. Astro's own checkOrigin, which it replaces, answered an
 * /api/ form post with a plain-text 403 before any middleware ran. Same-site posts still work.
 * Plain HTTP, no browser: the headers are what a browser sends for a form on another site.
 */
import { expect, test } from '@playwright/test';
import { rawRequest, type RawAnswer } from '../support/rawHttp.ts';

const PORT = Number(process.env.E2E_PORT || 4322);
const BASE = `http://127.0.0.1:${String(PORT)}`;
const FORM = 'application/x-www-form-urlencoded';
/** What a browser sends with a form submitted from a page on another site. */
const FROM_ELSEWHERE = { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': FORM };
const SAME_SITE = { origin: BASE, 'sec-fetch-site': 'same-origin', 'content-type': FORM };

function envelope(answer: RawAnswer): { code: string; message: string } {
  expect(String(answer.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: { code: string; message: string } };
  return body.error;
}

test('a cross-site form post to the API gets 403 with the error envelope, in the caller’s language', async () => {
  const currency = await rawRequest(BASE, {
    method: 'POST',
    path: '/api/preferences/currency',
    headers: FROM_ELSEWHERE,
    body: 'currency=EUR',
  });
  expect(currency.status).toBe(403);
  expect(envelope(currency)).toEqual({ code: 'cross_site', message: 'This request came from another site and was refused.' });
  expect(currency.headers['set-cookie']).toBeUndefined();

  const arabic = await rawRequest(BASE, {
    method: 'POST',
    path: '/api/nuxt/ar/user',
    headers: { ...FROM_ELSEWHERE, 'content-type': 'application/json' },
    body: '{"email":"a@example.com","password":"x"}',
  });
  expect(arabic.status).toBe(403);
  expect(envelope(arabic)).toEqual({ code: 'cross_site', message: 'تم رفض هذا الطلب لأنه صادر من موقع آخر.' });
});

test('a form post that names no Origin is refused, as Astro’s check refused it', async () => {
  // Node's fetch sends neither Origin nor Sec-Fetch-Site (rawRequest always sends the site's Origin).
  const answer = await fetch(`${BASE}/api/preferences/currency`, {
    method: 'POST',
    headers: { 'content-type': FORM },
    body: 'currency=EUR',
    redirect: 'manual',
  });
  expect(answer.status).toBe(403);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('cross_site');
});

test('a cross-site post to each form page is refused before the page runs', async () => {
  for (const path of ['/en/ticket', '/ar/ticket', '/sandbox-gateway/pay/some-token', '/sandbox-gateway/challenge/some-token']) {
    const answer = await rawRequest(BASE, { method: 'POST', path, headers: FROM_ELSEWHERE, body: 'number=4242424242424242' });
    expect(answer.status, path).toBe(403);
    expect(envelope(answer).code, path).toBe('cross_site');
  }
});

test('same-site form posts still work', async () => {
  const currency = await rawRequest(BASE, { method: 'POST', path: '/api/preferences/currency', headers: SAME_SITE, body: 'currency=EUR' });
  expect(currency.status).toBe(303);
  expect(String(currency.headers['set-cookie'])).toContain('EUR');
  // The gateway page itself answers (an unknown session is gone: 410), not the cross-site check.
  const gateway = await rawRequest(BASE, { method: 'POST', path: '/sandbox-gateway/pay/some-token', headers: SAME_SITE, body: 'number=1' });
  expect(gateway.status).toBe(410);
});
