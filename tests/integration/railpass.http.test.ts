/**
 * Rail passes through the HTTP calls a browser and the gateway make, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: the seeded catalogue answers the SPEC §7 calls (search with
 * filters and a filterBy alias, recheck, info, reviews, typeahead); cart/railpass refuses what
 * the issuer would (start date, age, residence, travellers) with the failing fields and changes
 * nothing; a Japan Rail Pass beside a bus seat is checked out, paid by card, printed on the
 * ticket with its validity and how to exchange it, and cancelled under the pass's own rule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { loadCart } from '../../src/server/cart/cart.ts';
import { cartView } from '../../src/server/cart/view.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, cartProductLines, carts, fxRates, productStock } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { createPaymentApi } from '../../src/server/payment/api.ts';
import { parsePaymentEnv } from '../../src/server/payment/config.ts';
import { readSessionToken } from '../../src/server/payment/sandbox.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../src/server/payment/signature.ts';
import { createRailpassApi } from '../../src/server/railpass/api.ts';
import { RAILPASS_CATALOGUE } from '../../src/server/railpass/seed/catalogue.ts';
import { seedRailpasses } from '../../src/server/railpass/seed/seedRailpasses.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { cancelBooking } from '../../src/server/tickets/cancel.ts';
import { ticketLinks } from '../../src/server/tickets/links.ts';
import { sendBookingConfirmation } from '../../src/server/tickets/mail.ts';
import type { MailMessage } from '../../src/server/mail/mailer.ts';
import { convertMinor } from '../../src/domain/search/money.ts';
import { GUEST } from '../support/actors.ts';
import { pdfText } from '../support/pdfText.ts';
import { BUS, insertCheckoutNetwork, NOW, TODAY } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const SECRET = parsePaymentEnv().PAYMENT_WEBHOOK_SECRET;
const ctx = travellerApiContext;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const JR_7 = 101;
const START = '2025-06-20';
const ANNA = { kind: 'adult', fullName: 'Anna Berg', birthDate: '1990-04-12', residence: 'SE' };
const LI = { kind: 'adult', fullName: 'Li Wei', birthDate: '1986-11-03', residence: 'SG' };
/** Anna's daughter, 9 on the start date: a child fare (JR: 6 to 11). */
const ELSA = { kind: 'child', fullName: 'Elsa Berg', birthDate: '2016-01-05', residence: 'SE' };
const jrPass = (over: Record<string, unknown> = {}) => ({
  passId: JR_7,
  classKey: 'ordinary',
  startDate: START,
  travellers: [ANNA, LI],
  currency: 'THB',
  ...over,
});

const FX = [
  { currency: 'JPY', perUsd: 150, minorUnits: 0 },
  { currency: 'KRW', perUsd: 1350, minorUnits: 0 },
  { currency: 'TWD', perUsd: 32, minorUnits: 2 },
  { currency: 'EUR', perUsd: 0.92, minorUnits: 2 },
  { currency: 'CHF', perUsd: 0.88, minorUnits: 2 },
  { currency: 'GBP', perUsd: 0.78, minorUnits: 2 },
];

interface Result {
  slug: string;
  operators: { key: string }[];
  validity: number[];
  classOptions: { minPrice: { minor: number } }[];
}

describe.each(DATABASES)('rail passes through the HTTP calls on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  const api = () => createRailpassApi({ db, now: () => NOW });
  const getJson = async (response: Response | Promise<Response>) => {
    const r = await response;
    return {
      status: r.status,
      body: (await r.json()) as Record<string, unknown> & { error?: { code: string; fields?: Record<string, string[]> } },
    };
  };

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    await db.insert(fxRates).values(FX);
    await seedRailpasses(db, TODAY);
    await refreshSearchIndex(db);
  });

  afterAll(async () => {
    await handle.close();
  });

  it('lists destinations, and searches a destination with filters, a filterBy alias and a sort', async () => {
    const destinations = await getJson(api().destinations(ctx('/api/nuxt/en/railpasses/destinations?currency=THB')));
    expect((destinations.body.destinations as { slug: string }[]).map((d) => d.slug)).toEqual([
      'japan',
      'south-korea',
      'taiwan',
      'europe',
      'switzerland',
      'united-kingdom',
    ]);

    const search = async (query: string) => {
      const r = await getJson(api().search(ctx(`/api/nuxt/en/railpasses/search?countrySlug=japan&currency=THB&${query}`)));
      expect(r.status).toBe(200);
      return r.body as { passes: Result[]; filterBy: string | null; selected: unknown; recheckUrls: string[]; total: number };
    };
    const all = await search('');
    expect(all.total).toBe(RAILPASS_CATALOGUE.filter((p) => p.countrySlug === 'japan').length);
    expect(all.passes[0]?.slug).toBe('japan-rail-pass-7-days');
    // Class options cheapest first (Ordinary before Green).
    const jr = all.passes[0]?.classOptions.map((o) => o.minPrice.minor) ?? [];
    expect([...jr].sort((a, b) => a - b)).toEqual(jr);

    // A landing on /operator-jr-west selects JR West and keeps the alias.
    const west = await search('filterBy=operator-jr-west');
    expect(west.filterBy).toBe('operator-jr-west');
    expect(west.passes.every((p) => p.operators.some((o) => o.key === 'jr-west'))).toBe(true);
    expect(west.passes.length).toBeGreaterThan(0);

    // One match in each non-empty group: JR West or JR Hokkaido, and 5 days.
    const both = await search('operators=jr-west,jr-hokkaido&validity=5&filterBy=operator-jr-west');
    expect(both.passes.map((p) => p.slug).sort()).toEqual(['hokkaido-rail-pass-5-days', 'kansai-wide-area-pass-5-days']);
    expect(both.filterBy).toBe('operator-jr-west');
    // The alias is dropped once its value is no longer selected.
    expect((await search('operators=jr-hokkaido&filterBy=operator-jr-west')).filterBy).toBeNull();

    const cheapest = await search('sort=cheapest');
    const mins = cheapest.passes.map((p) => Math.min(...p.classOptions.map((o) => o.minPrice.minor)));
    expect([...mins].sort((a, b) => a - b)).toEqual(mins);
    expect(cheapest.passes[0]?.slug).toBe('kansai-area-pass-1-day');

    // Recheck URLs, one per issuer; a recheck answers that issuer's passes.
    expect(all.recheckUrls).toHaveLength(4);
    const url = new URL(`http://shop.test${all.recheckUrls[0] ?? ''}`);
    const recheck = await getJson(api().recheck(ctx(`${url.pathname}${url.search}`)));
    expect((recheck.body.passes as Result[]).every((p) => p.operators.some((o) => o.key === url.searchParams.get('recheckurl')))).toBe(
      true,
    );

    expect((await getJson(api().search(ctx('/api/nuxt/en/railpasses/search?countrySlug=Japan!')))).status).toBe(400);
  });

  it('answers a pass in full, its reviews, the typeahead and the popular passes', async () => {
    const info = await getJson(api().info(ctx(`/api/nuxt/en/railpasses/info?id=${String(JR_7)}&currency=JPY`)));
    const pass = info.body.pass as {
      name: string;
      rating: number;
      classes: { key: string; fares: { kind: string; price: { minor: number } }[] }[];
      activationWindow: { first: string; last: string };
      photos: { src: string; alt: string; caption: string }[];
      url: string;
    };
    expect(pass.name).toBe('Japan Rail Pass 7 days');
    expect(pass.classes.find((c) => c.key === 'green')?.fares.find((f) => f.kind === 'adult')?.price.minor).toBe(70_000);
    expect(pass.activationWindow).toEqual({ first: '2025-06-03', last: '2025-08-31' });
    expect(pass.photos[0]?.src).toBe('/railpass/shinkansen.svg');
    expect(pass.photos[0]?.alt).toContain('Shinkansen');
    expect(pass.url).toBe('/en/railpass/japan/operator-jr-group/japan-rail-pass-7-days-101');
    expect(Math.round(pass.rating * 10) / 10).toBe(pass.rating);

    const reviews = await getJson(
      api().reviews({ ...ctx('/api/nuxt/en/reviews/railpass/japan-rail-pass-7-days?limit=2'), params: { slug: 'japan-rail-pass-7-days' } }),
    );
    expect(reviews.body).toMatchObject({ limit: 2 });
    expect(reviews.body.reviews).toHaveLength(2);
    expect((await getJson(api().reviews({ ...ctx('/api/nuxt/en/reviews/railpass/nope'), params: { slug: 'nope' } }))).status).toBe(404);

    const typeahead = await getJson(api().typeahead(ctx('/api/nuxt/en/railpassTypeahead?query=kor')));
    expect((typeahead.body.records as { kind: string; slug: string }[]).slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'destination', slug: 'south-korea' }),
      expect.objectContaining({ kind: 'pass', slug: 'korea-rail-pass-flexi-2-days' }),
    ]);
    const popular = await getJson(api().popular(ctx('/api/nuxt/en/railpassTypeahead/popular')));
    expect((popular.body.passes as { slug: string }[])[0]?.slug).toBe('japan-rail-pass-7-days');
  });

  it('refuses a purchase the issuer would refuse, with the failing fields, and changes nothing', async () => {
    const cartsBefore = (await db.select().from(carts)).length;
    const refused = async (body: unknown, status: number, code: string) => {
      const r = await getJson(api().addToCart(ctx('/api/nuxt/en/cart/railpass', post(body))));
      expect(r.status, code).toBe(status);
      expect(r.body.error?.code).toBe(code);
      return r.body.error?.fields ?? {};
    };
    expect(await refused(jrPass({ startDate: '2025-06-02' }), 422, 'railpass_not_sellable')).toEqual({ startDate: ['start_too_early'] });
    expect(await refused(jrPass({ startDate: '2025-09-01' }), 422, 'railpass_not_sellable')).toEqual({ startDate: ['start_too_late'] });
    expect(await refused(jrPass({ travellers: [ANNA, { ...LI, birthDate: '2016-01-01' }] }), 422, 'railpass_not_sellable')).toEqual({
      'travellers.1.birthDate': ['age_not_allowed'],
    });
    expect(await refused(jrPass({ travellers: [{ ...ANNA, residence: 'JP' }] }), 422, 'railpass_not_sellable')).toEqual({
      'travellers.0.residence': ['residence_not_allowed'],
    });
    expect(await refused(jrPass({ classKey: 'first' }), 422, 'railpass_not_sellable')).toEqual({ classKey: ['unknown_class'] });
    expect(await refused(jrPass({ travellers: [ANNA, { ...LI, kind: 'senior' }] }), 422, 'railpass_not_sellable')).toMatchObject({
      'travellers.1.kind': ['kind_not_sold'],
    });
    // Each traveller's age is checked against their own kind: an adult booked as a child is refused.
    expect(await refused(jrPass({ travellers: [{ ...ANNA, kind: 'child' }, ELSA] }), 422, 'railpass_not_sellable')).toEqual({
      'travellers.0.birthDate': ['age_not_allowed'],
    });
    expect(await refused(jrPass({ travellers: [{ ...ANNA, kind: undefined }] }), 400, 'invalid_railpass_purchase')).toMatchObject({
      'travellers.0.kind': expect.any(Array) as unknown,
    });
    expect(await refused(jrPass({ startDate: '2025-02-30', travellers: [] }), 400, 'invalid_railpass_purchase')).toMatchObject({
      startDate: ['invalid_date'],
      travellers: ['required'],
    });
    await refused(jrPass({ passId: 999 }), 404, 'railpass_not_found');
    await refused(jrPass({ cartHash: 'x'.repeat(20) }), 404, 'cart_not_found');
    expect((await db.select().from(carts)).length).toBe(cartsBefore);
  });

  it('sells a Japan Rail Pass for an adult and a child beside a bus seat: checkout, card payment, ticket, cancellation under the pass rule', async () => {
    const index = await refreshSearchIndex(db);
    const trip = await addToCart(db, index, { slug: BUS, lang: 'en', currency: 'THB', people: 2, now: NOW, sessionKey: TRAVELLER_SESSION });
    if (!trip.ok) throw new Error(trip.code);

    // The cart has two people: a pass for one traveller is refused.
    const mismatch = await getJson(
      api().addToCart(ctx('/api/nuxt/en/cart/railpass', post(jrPass({ cartHash: trip.hash, travellers: [ANNA] })))),
    );
    expect(mismatch).toMatchObject({
      status: 422,
      body: { error: { code: 'travellers_mismatch', fields: { travellers: ['expected_2'] } } },
    });

    // One purchase, two kinds: the line's price is Anna's adult fare plus Elsa's child fare.
    const added = await getJson(
      api().addToCart(ctx('/api/nuxt/en/cart/railpass', post(jrPass({ cartHash: trip.hash, travellers: [ANNA, ELSA] })))),
    );
    const passPrice = convertMinor(50_000 + 25_000, 'JPY', 'THB', index.fx) ?? 0;
    expect(added).toMatchObject({ status: 201, body: { hash: trip.hash, price: { minor: passPrice, fxcode: 'THB' } } });
    const [line] = await db.select().from(cartProductLines);
    expect(line).toMatchObject({ kind: 'railpass', priceMinor: passPrice });
    const view = cartView((await loadCart(db, trip.hash)) ?? expect.fail('no cart'), index);
    expect(view.products[0]?.price.minor).toBe(passPrice);
    expect(view.total.minor).toBe(trip.unitMinor * 2 + passPrice);

    const checkout = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
    const form = {
      email: 'anna.berg@example.com',
      phone: '+66 81 234 5678',
      passengers: [ANNA, ELSA].map((p) => ({
        full_name: p.fullName,
        birth_date: p.birthDate,
        nationality: p.residence,
        document_number: 'X1234567',
      })),
      addons: { insurance: null, luggage: [], pickup: null },
    };
    const reserved = await checkout.reserve(ctx('/x', post({ form }), { hash: trip.hash }));
    expect(reserved.status).toBe(201);
    const booked = (await reserved.json()) as { booking: { id: string; total: { minor: number } } };
    const total = trip.unitMinor * 2 + passPrice;
    expect(booked.booking.total.minor).toBe(total);
    const stock = () => db.select().from(productStock).where(eq(productStock.kind, 'railpass'));
    expect(await stock()).toMatchObject([{ stockKey: `${String(JR_7)}:${START}`, capacity: 40, held: 2, sold: 0 }]);

    const quiet = () => Promise.resolve();
    const payment = createPaymentApi({
      db,
      now: () => NOW,
      events: createEventDispatcher({
        'mail.confirmation': quiet,
        'mail.cancellation': quiet,
        'payment.refund': quiet,
        'reseller.commission': quiet,
        analytics: quiet,
      }),
    });
    const order = await payment.placeOrder(
      ctx('/api/nuxt/en/pay/place-order', {
        ...post({ booking_id: booked.booking.id, paygate: 'sandbox-card' }),
        headers: { 'content-type': 'application/json', 'idempotency-key': 'railpass-order-1' },
      }),
    );
    const token = ((await order.json()) as { redirect_url: string }).redirect_url.split('/sandbox-gateway/pay/')[1] ?? '';
    const session = readSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, token, NOW);
    if (!session) throw new Error('no sandbox session');
    expect(session.amount).toBe(total);
    const body = JSON.stringify({
      id: 'evt_railpass_paid',
      type: 'payment.succeeded',
      created: Math.floor(NOW / 1000),
      data: { reference: session.ref, amount: session.amount, currency: 'THB' },
    });
    const webhook = await payment.webhook(
      ctx('/api/paygates/sandbox-card/webhook', {
        method: 'POST',
        body,
        headers: { [SIGNATURE_HEADER]: signatureHeader(SECRET, Math.floor(NOW / 1000), body) },
      }),
    );
    expect(webhook.status).toBe(200);
    await payment.settled();
    const [paid] = await db.select().from(bookings).where(eq(bookings.publicId, booked.booking.id));
    expect(paid?.status).toBe('confirmed');
    expect(await stock()).toMatchObject([{ held: 0, sold: 2 }]);

    // The confirmation mail names the pass, its validity and how to exchange it, with the PDF attached.
    const mails: MailMessage[] = [];
    expect(await sendBookingConfirmation(db, paid?.id ?? 0, { send: (m: MailMessage) => Promise.resolve(void mails.push(m)) }, NOW)).toBe(
      true,
    );
    expect(mails[0]?.text).toContain('Japan Rail Pass 7 days');
    expect(mails[0]?.text).toContain('Valid from: 2025-06-20 · Valid until: 2025-06-26');
    expect(mails[0]?.text).toContain('exchange voucher');
    expect(mails[0]?.attachments?.map((a) => a.contentType)).toContain('application/pdf');

    const tickets = createTicketApi({ db, now: () => NOW });
    const links = ticketLinks('en', paid?.id ?? 0, NOW);
    const pdf = await tickets.pdf(ctx(links.pdf));
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('2. Japan Rail Pass 7 days');
    expect(text).toContain(`Valid from: ${START}`);
    expect(text).toContain('Valid until: 2025-06-26');
    expect(text).toContain('Valid for 7 consecutive days');
    expect(text).toContain('Anna Berg, born 1990-04-12, resident of SE · Adult');
    expect(text).toContain('Elsa Berg, born 2016-01-05, resident of SE · Child');
    expect(text).toContain('exchange voucher');

    // Free cancellation ends the day before the start (the bus leaves first: its own rule applies to it).
    const receipt = (await (await tickets.receipt(ctx(links.receipt))).json()) as {
      receipt: { products: { title: string; validUntil: string }[] };
      refund_preview: { cancellable: boolean; amount: { minor: number } };
    };
    expect(receipt.receipt.products).toMatchObject([{ title: 'Japan Rail Pass 7 days', validUntil: '2025-06-26' }]);
    expect(receipt.refund_preview.cancellable).toBe(true);
    const cancelled = await cancelBooking(db, paid?.id ?? 0, new Date(NOW), GUEST);
    expect(cancelled).toMatchObject({ ok: true });
    expect(await stock()).toMatchObject([{ held: 0, sold: 0 }]);
  });
});
