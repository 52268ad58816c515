/**
 * The currency form's redirect (issue 16 item 6): `returnTo` follows the site's one
 * safe-return-path rule, so the form never sends a browser to another site.
 */
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { localeBySegment } from '../i18n/locales.ts';
import { ENGLISH, messagesFor } from '../i18n/messages.ts';
import { createTranslator } from '../i18n/translate.ts';
import { POST } from '../pages/api/preferences/currency.ts';

async function post(returnTo: string): Promise<Response> {
  const body = new URLSearchParams({ currency: 'EUR', returnTo });
  const request = new Request('http://localhost/api/preferences/currency', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  });
  const locale = localeBySegment('en');
  const set: string[] = [];
  const context = {
    request,
    cookies: { set: (name: string, value: string) => set.push(`${name}=${value}`) },
    redirect: (location: string, status: number) => new Response(null, { status, headers: { location } }),
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  } as unknown as APIContext;
  return POST(context);
}

describe('currency form redirect', () => {
  it('goes back to a path on this site', async () => {
    const response = await post('/en/bus/bangkok/chiang-mai?date=2026-12-01');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/en/bus/bangkok/chiang-mai?date=2026-12-01');
  });

  it.each(['/\\evil.example', '//evil.example', '/\t/evil.example', 'https://evil.example/', '/%5Cevil.example'])(
    'refuses %j instead of redirecting there',
    async (target) => {
      const response = await post(target);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
    },
  );
});
