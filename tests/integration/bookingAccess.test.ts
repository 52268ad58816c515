/**
 * Issue 16 item 1, the authorization matrix: a booking answers only to its traveller. Every
 * booking, payment and ticket call and the pages' access rule, for the browser that made the
 * booking, its signed-in owner, another signed-in user and an anonymous caller — strangers get
 * exactly the 404 an unknown booking gets, so no answer tells them it exists. Then the booking
 * lookup by reference: a second fact, the same answer for a wrong pair as for an unknown
 * reference, limits per address and reference, and no bearer key in the answer.
 */
import { GUEST } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import type { AccountsDeps } from '../../src/server/accounts/deps.ts';
import { createSession } from '../../src/server/accounts/sessions.ts';
import { bindCartSessionByHash, cartOpenTo, ownedBookingByPublicId } from '../../src/server/booking/access.ts';
import { reserveCart, type ReservedBooking } from '../../src/server/booking/reserve.ts';
import { resumeHeldBooking } from '../../src/server/booking/resume.ts';
import { createCartApi } from '../../src/server/cart/api.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, carts, payments, users } from '../../src/server/db/schema.ts';
import { createPaymentApi } from '../../src/server/payment/api.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { hasValidTicketLink, ticketLinks, ticketToken, verifyResumeToken } from '../../src/server/tickets/links.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { TRAVELLER_COOKIE, TRAVELLER_SESSION } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const OTHER_BROWSER_SESSION = 'other-browser-session-key-0123456789abcdefg';
const UNKNOWN_PUBLIC_ID = '00000000-0000-4000-8000-000000000000';
const UNKNOWN_HASH = 'AAAAAAAAAAAAAAAAAAAAAA';

function ctx(path: string, cookie: string | undefined, init: RequestInit = {}, params: Record<string, string> = {}, ip = '203.0.113.9') {
  const url = new URL(`http://shop.test${path}`);
  const locale = localeBySegment('en');
  const headers = new Headers(init.headers);
  if (cookie) headers.set('cookie', cookie);
  return {
    request: new Request(url, { ...init, headers }),
    url,
    params,
    clientAddress: ip,
    locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
  };
}

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...extra },
});

const form = (email: string) => ({
  email,
  phone: '+66 81 234 5678',
  passengers: [{ full_name: 'Anna Berg', first_name: 'Anna', last_name: 'Berg' }],
  addons: { insurance: null, luggage: [], pickup: null },
});

/** Status and error code: what a caller can tell two answers apart by. */
async function shape(response: Response): Promise<{ status: number; code: string | undefined }> {
  const body = (await response.clone().json()) as { error?: { code?: string } };
  return { status: response.status, code: body.error?.code };
}

describe.each(DATABASES)('booking access on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  let seq = 0;
  const now = () => NOW;
  const cartApi = () => createCartApi({ db, now });
  const checkoutApi = () => createCheckoutApi({ db, now, holdMinutes: 20 });
  const paymentApi = () => createPaymentApi({ db, now });
  const ticketApi = () => createTicketApi({ db, now });
  const cookies: Record<string, string | undefined> = {};

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 60, boat: 10 });
    index = await refreshSearchIndex(db);
    const deps = { db, now: () => new Date(NOW) } as unknown as AccountsDeps;
    const [owner, other] = await db
      .insert(users)
      .values([
        { email: 'owner@example.com', emailVerifiedAt: new Date(NOW) },
        { email: 'other@example.com', emailVerifiedAt: new Date(NOW) },
      ])
      .returning();
    if (!owner || !other) throw new Error('users');
    cookies['the browser that made it'] = TRAVELLER_COOKIE;
    cookies['its signed-in owner'] = `session=${await createSession(deps, owner.id)}`;
    cookies['another signed-in user'] = `session=${await createSession(deps, other.id)}`;
    cookies.anonymous = undefined;
    cookies['another browser'] = `cart_session=${OTHER_BROWSER_SESSION}`;
  });

  afterAll(async () => {
    await handle.close();
  });

  /** A booking made in the traveller's browser; `userId` when made signed in. */
  async function booked(
    options: { userId?: number | undefined; email?: string } = {},
  ): Promise<{ hash: string; booking: ReservedBooking }> {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    await bindCartSessionByHash(db, hash, TRAVELLER_SESSION);
    seq += 1;
    const result = await reserveCart(db, {
      hash,
      index,
      now: NOW,
      holdMinutes: 20,
      ctx: GUEST,
      userId: options.userId ?? null,
      email: options.email ?? `anna${String(seq)}@example.com`,
      passengers: [{ full_name: 'Anna Berg', first_name: 'Anna', last_name: 'Berg' }],
    });
    if (!result.ok) throw new Error(result.code);
    return { hash, booking: result.booking };
  }

  async function paid(booking: ReservedBooking) {
    await db.update(bookings).set({ status: 'confirmed' }).where(eq(bookings.id, booking.id));
  }

  /** Every call that reads or changes a booking through its cart hash or public id. */
  function calls(hash: string, publicId: string, contact = 'attacker@evil.example') {
    const key = () => `k-${String(Math.random()).slice(2)}-${String(Date.now())}`;
    return {
      cart: (c?: string) => cartApi().cart(ctx(`/api/nuxt/en/cart?hash=${hash}`, c)),
      cartV2: (c?: string) => cartApi().cartV2(ctx(`/api/nuxt/en/cartV2?hash=${hash}`, c)),
      'cart/freeze': (c?: string) => cartApi().freeze(ctx('/api/nuxt/en/cart/freeze', c, json({ hash }))),
      checkout: (c?: string) => checkoutApi().checkout(ctx(`/api/nuxt/en/checkout?hash=${hash}`, c)),
      'checkout/split': (c?: string) => checkoutApi().checkoutSplit(ctx(`/api/nuxt/en/checkout/split?hash=${hash}`, c)),
      'validate/form': (c?: string) => checkoutApi().validateForm(ctx('/x', c, json({ hash, form: form('anna@example.com') }))),
      'checkout/booking-form': (c?: string) => checkoutApi().bookingForm(ctx('/x', c, json({ hash, form: form('anna@example.com') }))),
      'checkout/reserve (change contact)': (c?: string) => checkoutApi().reserve(ctx('/x', c, json({ form: form(contact) }), { hash })),
      total: (c?: string) => checkoutApi().total(ctx('/x', c, json({}), { hash })),
      'total/split': (c?: string) => checkoutApi().totalSplit(ctx('/x', c, {}, { hash })),
      paygates: (c?: string) => checkoutApi().paygates(ctx('/x', c, {}, { hash })),
      'paygates/split': (c?: string) => checkoutApi().paygatesSplit(ctx('/x', c, {}, { hash })),
      pay: (c?: string) => paymentApi().pay(ctx(`/api/nuxt/en/pay?hash=${hash}`, c)),
      'pay/split': (c?: string) => paymentApi().paySplit(ctx('/x', c, {}, { hash })),
      'pay/place-order': (c?: string) =>
        paymentApi().placeOrder(ctx('/x', c, json({ booking_id: publicId, paygate: 'counter' }, { 'idempotency-key': key() }))),
      'pay/place-order-by-booking-cart-hash': (c?: string) =>
        paymentApi().placeOrderByCartHash(ctx('/x', c, json({ hash, paygate: 'counter' }, { 'idempotency-key': key() }))),
      'pay/payment-result': (c?: string) => paymentApi().paymentResult(ctx(`/api/nuxt/en/pay/payment-result?booking=${publicId}`, c)),
    };
  }

  const ACTORS = ['the browser that made it', 'its signed-in owner', 'another signed-in user', 'anonymous', 'another browser'] as const;

  it.each([
    { booking: 'a guest booking', allowed: ['the browser that made it'] },
    { booking: "a signed-in traveller's booking", allowed: ['the browser that made it', 'its signed-in owner'] },
    { booking: "a guest booking with the owner's verified email", allowed: ['the browser that made it', 'its signed-in owner'] },
  ])('$booking answers only to $allowed; everyone else gets the 404 of an unknown one', async ({ booking: kind, allowed }) => {
    const ownerId = (await db.select().from(users).where(eq(users.email, 'owner@example.com')))[0]?.id;
    const options =
      kind === "a signed-in traveller's booking" ? { userId: ownerId } : kind.includes('verified') ? { email: 'Owner@Example.com' } : {};
    const { hash, booking } = await booked(options);
    const email = (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.email ?? '';
    const unknown = calls(UNKNOWN_HASH, UNKNOWN_PUBLIC_ID);
    const results: string[] = [];
    for (const actor of ACTORS) {
      // The owner re-sends the same contact; a stranger tries to take the ticket mail.
      const contact = allowed.includes(actor) ? email : 'attacker@evil.example';
      for (const [name, call] of Object.entries(calls(hash, booking.publicId, contact))) {
        const answer = await shape(await call(cookies[actor]));
        const stranger = await shape(await unknown[name as keyof typeof unknown](cookies[actor]));
        if (allowed.includes(actor)) {
          if (answer.status >= 400) results.push(`${actor} × ${name}: ${String(answer.status)} ${String(answer.code)}`);
        } else if (answer.status !== 404 || answer.code !== stranger.code) {
          results.push(
            `${actor} × ${name}: ${String(answer.status)} ${String(answer.code)} (unknown: ${String(stranger.status)} ${String(stranger.code)})`,
          );
        }
      }
      // The pages: checkout steps and pay page (middleware), payment status and success pages.
      const cartRow = (await db.select().from(carts).where(eq(carts.hash, hash)))[0];
      const request = new Request('http://shop.test/en/x', { headers: cookies[actor] ? { cookie: cookies[actor] } : {} });
      const pageCart = cartRow ? await cartOpenTo(db, request, cartRow.id, new Date(NOW)) : false;
      const pageBooking = (await ownedBookingByPublicId(db, request, booking.publicId, new Date(NOW))) !== undefined;
      if (pageCart !== allowed.includes(actor)) results.push(`${actor} × checkout and pay pages: ${String(pageCart)}`);
      if (pageBooking !== allowed.includes(actor)) results.push(`${actor} × payment status and success pages: ${String(pageBooking)}`);
    }
    expect(results).toEqual([]);
    // Nobody but the owner changed the contact, and no stranger opened a payment.
    const [row] = await db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.email).toBe(email);
    const opened = await db.select().from(payments).where(eq(payments.bookingId, booking.id));
    expect(opened.length).toBe(allowed.length * 2);
  });

  it('a cart without a booking is a quote anyone with the hash may read', async () => {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted });
    expect((await cartApi().cart(ctx(`/api/nuxt/en/cart?hash=${hash}`, undefined))).status).toBe(200);
    expect((await checkoutApi().checkout(ctx(`/api/nuxt/en/checkout?hash=${hash}`, undefined))).status).toBe(200);
  });

  it('answers with public ids only: no sequential row id in a URL or a body', async () => {
    const { hash, booking } = await booked();
    const reserved = (await (await checkoutApi().checkout(ctx(`/api/nuxt/en/checkout?hash=${hash}`, TRAVELLER_COOKIE))).json()) as {
      booking: { id: unknown };
    };
    expect(reserved.booking.id).toBe(booking.publicId);
    expect(booking.publicId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const placed = await paymentApi().placeOrder(
      ctx('/x', TRAVELLER_COOKIE, json({ booking_id: booking.publicId, paygate: 'counter' }, { 'idempotency-key': 'public-id-key-1' })),
    );
    const body = (await placed.json()) as { booking_id: unknown; redirect_url: string };
    expect(body.booking_id).toBe(booking.publicId);
    expect(body.redirect_url).toContain(`/payment-status/booking/${booking.publicId}`);
    // The sequential id is no longer accepted anywhere.
    const byRowId = await paymentApi().paymentResult(
      ctx(`/api/nuxt/en/pay/payment-result?booking=${String(booking.id)}`, TRAVELLER_COOKIE),
    );
    expect(byRowId.status).toBe(400);
  });

  it('ticket links: valid opens, forged and expired do not, and say nothing about whether the booking exists', async () => {
    const { booking } = await booked();
    await paid(booking);
    const link = ticketLinks('en', booking.id, NOW).receipt;
    expect((await ticketApi().receipt(ctx(link, undefined))).status).toBe(200);
    const forged = `/api/nuxt/en/ticket/extended-receipt?b=${String(booking.id)}&t=${ticketToken(booking.id + 1, NOW)}`;
    const expired = `/api/nuxt/en/ticket/extended-receipt?b=${String(booking.id)}&t=${ticketToken(booking.id, NOW - 61 * 86_400_000)}`;
    const forgedUnknown = `/api/nuxt/en/ticket/extended-receipt?b=999999&t=${ticketToken(1, NOW)}`;
    const answers = await Promise.all(
      [forged, expired, forgedUnknown].map(async (p) => shape(await ticketApi().receipt(ctx(p, undefined)))),
    );
    expect(new Set(answers.map((a) => `${String(a.status)} ${String(a.code)}`))).toEqual(new Set(['403 invalid_ticket_link']));
    for (const p of [forged, expired]) expect(hasValidTicketLink(new URL(`http://shop.test${p}`), NOW)).toBe(false);
    expect(hasValidTicketLink(new URL(`http://shop.test${link}`), NOW)).toBe(true);
  });

  describe('finding a booking by its reference', () => {
    const lookup = (query: string, ip = '198.51.100.1') =>
      cartApi().cartHashByBookingId(ctx(`/api/nuxt/en/booking/getBookingCartHashByBID?${query}`, undefined, {}, {}, ip));

    it('needs a second fact, and answers a wrong pair exactly as an unknown reference', async () => {
      const { booking } = await booked({ email: 'lookup.one@example.com' });
      const reference = (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.reference ?? '';
      expect((await lookup(`bid=${reference}`, '198.51.100.2')).status).toBe(400);
      const wrong = await lookup(`bid=${reference}&email=someone@example.com`, '198.51.100.2');
      const unknown = await lookup(`bid=ZZZZ9999&email=someone@example.com`, '198.51.100.2');
      expect(await wrong.text()).toBe(await unknown.text());
      expect(wrong.status).toBe(404);
      expect(unknown.status).toBe(404);
    });

    it('gives the traveller a short-lived link, never the cart hash or a long-lived key to a paid booking', async () => {
      const { hash, booking } = await booked({ email: 'lookup.two@example.com' });
      const reference = (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.reference ?? '';
      // Held: a link that lets the opening browser continue; case and spaces do not matter.
      const held = (await (await lookup(`bid=${reference.toLowerCase()}&surname=%20berg`, '198.51.100.3')).json()) as Record<
        string,
        unknown
      >;
      expect(held).not.toHaveProperty('hash');
      expect(JSON.stringify(held)).not.toContain(hash);
      const resume = new URL(String(held.resume_url), 'http://shop.test').searchParams.get('resume') ?? '';
      // That browser is a stranger until it opens the link, then it may pay.
      const other = `cart_session=${OTHER_BROWSER_SESSION}`;
      expect((await paymentApi().pay(ctx(`/api/nuxt/en/pay?hash=${hash}`, other))).status).toBe(404);
      expect(await resumeHeldBooking(db, `${resume}x`, OTHER_BROWSER_SESSION, new Date(NOW))).toBeUndefined();
      expect(verifyResumeToken(resume, NOW + 29 * 60_000)).toBe(booking.publicId);
      expect(verifyResumeToken(resume, NOW + 31 * 60_000)).toBeUndefined();
      expect(await resumeHeldBooking(db, resume, OTHER_BROWSER_SESSION, new Date(NOW))).toBe(hash);
      expect((await paymentApi().pay(ctx(`/api/nuxt/en/pay?hash=${hash}`, other))).status).toBe(200);
      // Paid: a ticket link valid for 30 minutes, not the 60 days of the mailed one.
      await paid(booking);
      const answer = (await (await lookup(`bid=${reference}&email=LOOKUP.two@example.com`, '198.51.100.3')).json()) as Record<
        string,
        unknown
      >;
      expect(answer).not.toHaveProperty('hash');
      const ticket = new URL(String(answer.ticket_url), 'http://shop.test');
      expect(hasValidTicketLink(ticket, NOW + 29 * 60_000)).toBe(true);
      expect(hasValidTicketLink(ticket, NOW + 31 * 60_000)).toBe(false);
      expect(await resumeHeldBooking(db, resume, 'yet-another-browser-session-0123456789abcde', new Date(NOW))).toBeUndefined();
    });

    it('limits lookups per reference and per address, counted before the booking is read', async () => {
      const { booking } = await booked({ email: 'lookup.three@example.com' });
      const reference = (await db.select().from(bookings).where(eq(bookings.id, booking.id)))[0]?.reference ?? '';
      // Five guesses at one reference from five addresses, then even the right pair waits.
      const guesses = await Promise.all(
        Array.from({ length: 5 }, (_, i) => lookup(`bid=${reference}&surname=guess${String(i)}`, `192.0.2.${String(10 + i)}`)),
      );
      expect(guesses.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
      const right = await lookup(`bid=${reference}&surname=Berg`, '192.0.2.99');
      expect(right.status).toBe(429);
      expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
      // One address trying many references: the 21st waits, known or not.
      const sweep = await Promise.all(Array.from({ length: 21 }, (_, i) => lookup(`bid=QQ${String(100000 + i)}&surname=x`, '192.0.2.200')));
      const statuses = sweep.map((r) => r.status).sort();
      expect(statuses.filter((s) => s === 404)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    });
  });
});
