/**
 * A second product kind through the same HTTP calls a browser and the gateway make, on PGlite and
 * (with TEST_DATABASE_URL) PostgreSQL: the checkout prices and holds a bus seat and a day pass
 * together, the card payment's webhook sells both, the ticket API's PDF prints both, and the
 * ticket's refund preview counts the pass by its own rule.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addProductToCart } from '../../src/server/cart/addProduct.ts';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCartApi } from '../../src/server/cart/api.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, productStock } from '../../src/server/db/schema.ts';
import { createEventDispatcher } from '../../src/server/events/dispatch.ts';
import { createPaymentApi } from '../../src/server/payment/api.ts';
import { parsePaymentEnv } from '../../src/server/payment/config.ts';
import { readSessionToken } from '../../src/server/payment/sandbox.ts';
import { SIGNATURE_HEADER, signatureHeader } from '../../src/server/payment/signature.ts';
import { registerProduct, unregisterProduct } from '../../src/server/products/registry.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createTicketApi } from '../../src/server/tickets/api.ts';
import { ticketLinks } from '../../src/server/tickets/links.ts';
import { DAY_PASS_KIND, DAY_PASS_PRICE_THB_MINOR, dayPassProduct } from '../support/dayPassProduct.ts';
import { pdfText } from '../support/pdfText.ts';
import { BUS, insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const SECRET = parsePaymentEnv().PAYMENT_WEBHOOK_SECRET;

const ctx = travellerApiContext;

const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  body: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

describe.each(DATABASES)('a day pass beside a seat through the HTTP calls on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;

  beforeAll(async () => {
    registerProduct(dayPassProduct);
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    await refreshSearchIndex(db);
  });

  afterAll(async () => {
    unregisterProduct(DAY_PASS_KIND);
    await handle.close();
  });

  it('checks out, pays by card, prints the pass on the ticket and previews its refund', async () => {
    const index = await refreshSearchIndex(db);
    const trip = await addToCart(db, index, { slug: BUS, lang: 'en', currency: 'THB', people: 2, now: NOW, sessionKey: TRAVELLER_SESSION });
    if (!trip.ok) throw new Error(trip.code);
    const pass = await addProductToCart(db, index, {
      kind: DAY_PASS_KIND,
      line: { pass: 'koh-tao-snorkel', day: TRAVEL_DATE },
      lang: 'en',
      currency: 'THB',
      people: 2,
      now: NOW,
      cartHash: trip.hash,
      sessionKey: TRAVELLER_SESSION,
    });
    // The line is priced for the cart's two travellers.
    expect(pass).toMatchObject({ ok: true, hash: trip.hash, priceMinor: DAY_PASS_PRICE_THB_MINOR * 2 });

    // The cart answers carry the pass.
    const cartApi = createCartApi({ db, now: () => NOW });
    const view = (await (await cartApi.cartV2(ctx(`/api/nuxt/en/cartV2?hash=${trip.hash}`))).json()) as {
      products: { kind: string; title: string; price: { minor: number } }[];
      total: { minor: number };
    };
    expect(view.products).toMatchObject([
      { kind: DAY_PASS_KIND, title: 'Koh Tao snorkel day pass', price: { minor: DAY_PASS_PRICE_THB_MINOR * 2 } },
    ]);
    const expectedTotal = (trip.unitMinor + DAY_PASS_PRICE_THB_MINOR) * 2;
    expect(view.total.minor).toBe(expectedTotal);

    // The checkout prices both and holds both.
    const checkout = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
    const form = {
      email: 'anna.berg@example.com',
      phone: '+66 81 234 5678',
      passengers: ['Anna Berg', 'Li Wei'].map((n) => ({ full_name: n, nationality: 'SE', document_number: 'X1234567' })),
      addons: { insurance: null, luggage: [], pickup: null },
    };
    const reserved = await checkout.reserve(ctx('/x', post({ form }), { hash: trip.hash }));
    expect(reserved.status).toBe(201);
    const booked = (await reserved.json()) as { booking: { id: string; total: { minor: number } } };
    expect(booked.booking.total.minor).toBe(expectedTotal);
    const [stockHeld] = await db.select().from(productStock).where(eq(productStock.kind, DAY_PASS_KIND));
    expect(stockHeld).toMatchObject({ held: 2, sold: 0 });

    // The card payment: the order, then the gateway's signed webhook.
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
      ctx(
        '/api/nuxt/en/pay/place-order',
        post({ booking_id: booked.booking.id, paygate: 'sandbox-card' }, { 'idempotency-key': 'pass-order-1' }),
      ),
    );
    const token = ((await order.json()) as { redirect_url: string }).redirect_url.split('/sandbox-gateway/pay/')[1] ?? '';
    const session = readSessionToken(parsePaymentEnv().SANDBOX_GATEWAY_SECRET, token, NOW);
    if (!session) throw new Error('no sandbox session');
    expect(session.amount).toBe(expectedTotal);
    const body = JSON.stringify({
      id: 'evt_pass_paid',
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
    const [stockSold] = await db.select().from(productStock).where(eq(productStock.kind, DAY_PASS_KIND));
    expect(stockSold).toMatchObject({ held: 0, sold: 2 });

    // The ticket API: the PDF prints the bus and the pass; the receipt previews a full refund of both.
    const tickets = createTicketApi({ db, now: () => NOW });
    const links = ticketLinks('en', paid?.id ?? 0, NOW);
    const pdf = await tickets.pdf(ctx(links.pdf));
    expect(pdf.status).toBe(200);
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toContain('1. Mo Chit');
    expect(text).toContain('2. Koh Tao snorkel day pass');
    const receipt = (await (await tickets.receipt(ctx(links.receipt))).json()) as {
      receipt: { products: { title: string }[] };
      refund_preview: { cancellable: boolean; full: boolean; amount: { minor: number } };
    };
    expect(receipt.receipt.products.map((p) => p.title)).toEqual(['Koh Tao snorkel day pass']);
    expect(receipt.refund_preview).toMatchObject({ cancellable: true, full: true, amount: { minor: expectedTotal } });
  });
});
