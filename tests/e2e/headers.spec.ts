/**
 * Security headers on every kind of answer, and no-store on every private one (issue 16,
 * item 4), against the built server: pre-rendered pages (files), on-demand pages, the 404 page,
 * built assets, API answers and API errors; then a booking from a real search result, whose
 * every step (add-to-cart redirect, checkout, passengers, confirmation, pay, payment status)
 * must stay out of caches. No browser: plain HTTP.
 */
import { expect, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import { rawRequest } from '../support/rawHttp.ts';

const PORT = Number(process.env.E2E_PORT || 4322);
const BASE = `http://127.0.0.1:${String(PORT)}`;

function securityProblems(what: string, headers: Record<string, string>): string[] {
  const out: string[] = [];
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
    if (!csp.includes(directive)) out.push(`${what}: CSP "${csp}" lacks ${directive}`);
  const expected: Record<string, RegExp> = {
    'x-content-type-options': /^nosniff$/,
    'x-frame-options': /^DENY$/,
    // The login page chooses no-referrer itself.
    'referrer-policy': /^(no-referrer|same-origin|strict-origin-when-cross-origin)$/,
    'permissions-policy': /camera=\(\)/,
    'cross-origin-opener-policy': /^same-origin/,
  };
  for (const [name, pattern] of Object.entries(expected))
    if (!pattern.test(headers[name] ?? '')) out.push(`${what}: ${name} is "${headers[name] ?? ''}"`);
  return out;
}

const asRecord = (headers: Record<string, string | string[] | undefined>) =>
  Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));

test('every kind of page, asset and API answer carries the security headers', async () => {
  const targets: [string, string][] = [
    ['pre-rendered home page', '/en'],
    ['pre-rendered right-to-left page', '/ar'],
    ['pre-rendered content page', '/en/about'],
    ['pre-rendered station page', '/en/station/1-bangkok-mo-chit-bus-terminal'],
    ['on-demand page', '/en/login'],
    ['on-demand results page', '/en/bus/bangkok/chiang-mai/new'],
    ['404 page', '/en/no-such-page'],
    ['redirect', '/en/profile'],
    ['static file', '/favicon.svg'],
    ['API answer', '/api/nuxt/en/common-data'],
    ['API error', '/api/nuxt/en/cart?hash=x'],
    ['API document', '/api/openapi.json'],
  ];
  const problems: string[] = [];
  for (const [what, path] of targets) {
    const answer = await rawRequest(BASE, { method: 'GET', path });
    expect(answer.status, `${what} ${path}`).toBeLessThan(500);
    problems.push(...securityProblems(`${what} ${path}`, asRecord(answer.headers)));
  }
  expect(problems).toEqual([]);
});

test('pages allow no inline script but the ones Astro hashed', async () => {
  for (const path of ['/en', '/en/about', '/en/login']) {
    const answer = await rawRequest(BASE, { method: 'GET', path });
    // A pre-rendered page carries Astro's policy in a meta tag, an on-demand page in its header.
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(answer.body)?.[1];
    const policy = meta ?? String(answer.headers['content-security-policy']);
    const scriptSrc = policy.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc, path).toMatch(/'sha256-/);
    expect(scriptSrc, path).not.toContain("'unsafe-inline'");
    expect(policy, path).toContain("object-src 'none'");
  }
});

test('public pages keep a referrer origin; pages with a token in the URL send none to other sites', async () => {
  expect((await rawRequest(BASE, { method: 'GET', path: '/en/about' })).headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect((await rawRequest(BASE, { method: 'GET', path: '/en/ticket?b=1&t=0123456789abcdef' })).headers['referrer-policy']).toBe(
    'same-origin',
  );
});

interface SearchBody {
  trips: { segments: unknown[]; travel_options: { booking_uri: string; bookable: 0 | 1; seats_left: number }[] }[];
}

async function bookingUri(request: APIRequestContext): Promise<string> {
  const date = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const response = await request.get(`/api/nuxt/en/trips/search?fromSlug=bangkok&toSlug=chiang-mai&date=${date}&people=1&vehclasses=bus`);
  const body = (await response.json()) as SearchBody;
  const option = body.trips
    .filter((t) => t.segments.length === 1)
    .flatMap((t) => t.travel_options)
    .find((o) => o.bookable === 1 && o.seats_left >= 1);
  if (!option) throw new Error(`no bookable bus on ${date}`);
  return option.booking_uri;
}

function expectNoStore(what: string, response: APIResponse): void {
  expect(response.headers()['cache-control'], what).toBe('no-store');
  expect(response.headers()['x-frame-options'], what).toBe('DENY');
}

test('every private answer of a booking is no-store', async ({ request }) => {
  test.setTimeout(60_000);
  const addToCart = await request.get(`${await bookingUri(request)}?people=1`, { maxRedirects: 0 });
  expect(addToCart.status()).toBe(303);
  expect(addToCart.headers()['set-cookie']).toContain('checkout_hash=');
  expectNoStore('add-to-cart redirect', addToCart);
  const checkoutPath = addToCart.headers().location ?? '';
  const hash = checkoutPath.split('/').at(-1) ?? '';

  expectNoStore('checkout', await request.get(checkoutPath));
  expectNoStore('passengers step', await request.get(`${checkoutPath}/step/passengers`));
  expectNoStore('checkout API', await request.get(`/api/nuxt/en/checkout?hash=${hash}`));

  const reserved = await request.post(`/api/nuxt/en/checkout/reserve/${hash}`, {
    headers: { origin: BASE },
    data: {
      form: {
        email: 'anna.berg@example.com',
        phone: '+66 81 234 5678',
        passengers: [{ full_name: 'Anna Berg', nationality: 'SE', document_number: 'X1234567' }],
        addons: { insurance: null, luggage: [], pickup: null },
      },
    },
  });
  expect(reserved.status()).toBe(201);
  expectNoStore('reserve', reserved);
  const { pay_url: payUrl, booking } = (await reserved.json()) as { pay_url: string; booking: { id: number } };
  expectNoStore('confirmation step', await request.get(`${checkoutPath}/step/confirmation`));
  expectNoStore('pay page', await request.get(payUrl));

  const order = await request.post('/api/nuxt/en/pay/place-order-by-booking-cart-hash', {
    headers: { origin: BASE, 'idempotency-key': `headers-${crypto.randomUUID()}` },
    data: { hash, paygate: 'counter' },
  });
  expect(order.status()).toBe(201);
  expectNoStore('place order', order);
  const { redirect_url: statusUrl } = (await order.json()) as { redirect_url: string };
  expectNoStore('payment status page', await request.get(new URL(statusUrl).pathname));
  expectNoStore('payment result API', await request.get(`/api/nuxt/en/pay/payment-result?booking=${String(booking.id)}`));
  expectNoStore('order success page', await request.get(`/en/order/${String(booking.id)}/payment/counter/success`, { maxRedirects: 0 }));
  expectNoStore('ticket page', await request.get(`/en/ticket?b=${String(booking.id)}&t=0123456789abcdef`));
});
