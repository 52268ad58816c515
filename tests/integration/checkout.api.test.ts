/**
 * The checkout calls as the passengers island uses them, on PGlite and (with
 * TEST_DATABASE_URL) PostgreSQL: the server validates the form again (SPEC §5), prices the
 * add-ons, holds the seats, and answers a changed fare with both totals.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCartApi } from '../../src/server/cart/api.ts';
import { createCheckoutApi, type CheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { inventoryVersion, travelOptions } from '../../src/server/db/schema.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { BUS, BUS_THEN_BOAT, insertCheckoutNetwork, NOW, RETURN_BUS } from './checkoutNetwork.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

const ctx = travellerApiContext;

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

const form = (names: string[], extra: Record<string, unknown> = {}) => ({
  email: 'anna.berg@example.com',
  phone: '+66 81 234 5678',
  passengers: names.map((n) => ({ full_name: n, nationality: 'SE', document_number: 'X1234567' })),
  addons: { insurance: null, luggage: [], pickup: null },
  ...extra,
});

describe.each(DATABASES)('checkout API on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let api: CheckoutApi;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    await refreshSearchIndex(db);
    api = createCheckoutApi({ db, now: () => NOW, holdMinutes: 20 });
  });

  afterAll(async () => {
    await handle.close();
  });

  async function cart(slug: string, people = 2) {
    const result = await addToCart(db, await refreshSearchIndex(db), {
      slug,
      lang: 'en',
      currency: 'THB',
      people,
      now: NOW,
      sessionKey: TRAVELLER_SESSION,
    });
    if (!result.ok) throw new Error(result.code);
    return result.hash;
  }

  it('adds a round trip and a connection to carts with every leg, and shows them', async () => {
    const cartApi = createCartApi({ db, now: () => NOW });
    const round = await cart(`${BUS}/${RETURN_BUS}`);
    const view = (await (await cartApi.cartV2(ctx(`/api/nuxt/en/cartV2?hash=${round}`))).json()) as {
      items: { direction: string; legs: { from: { name: string } }[] }[];
    };
    expect(view.items.map((i) => [i.direction, i.legs[0]?.from.name])).toEqual([
      ['outbound', 'Mo Chit'],
      ['return', 'Chumphon Pier'],
    ]);
    const connection = await cart(BUS_THEN_BOAT);
    const compact = (await (await cartApi.cart(ctx(`/api/nuxt/en/cart?hash=${connection}`))).json()) as { items: { legs: unknown[] }[] };
    expect(compact.items[0]?.legs).toHaveLength(2);
    expect((await cartApi.cart(ctx('/api/nuxt/en/cart?hash=nope'))).status).toBe(400);
    expect((await cartApi.cart(ctx('/api/nuxt/en/cart?hash=AAAAAAAAAAAAAAAAAAAAAA'))).status).toBe(404);
  });

  it('asks the fields the operators need and validates them again on the server', async () => {
    const hash = await cart(BUS_THEN_BOAT);
    const data = (await (await api.checkout(ctx(`/api/nuxt/en/checkout?hash=${hash}`))).json()) as { fields: { required: string[] } };
    // Bus + boat: a name, and for the boat's manifest a nationality and a document.
    expect(data.fields.required).toEqual(['full_name', 'nationality', 'document_number']);
    const bad = await api.reserve(ctx(`/x`, post({ form: form(['Anna Berg', ' '], { email: 'anna@' }) }), { hash }));
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { fields: Record<string, string[]> } };
    expect(body.error.fields).toEqual({ email: ['field-error-email'], 'passengers.1.full_name': ['field-error-required'] });
    const valid = await api.validateForm(ctx('/x', post({ hash, form: form(['Anna Berg', 'Li Wei']) })));
    expect(valid.status).toBe(200);
  });

  it('prices add-ons into the total and holds the seats', async () => {
    const hash = await cart(BUS);
    const addons = { insurance: 'basic', luggage: [{ option: '20kg', quantity: 2 }], pickup: null };
    const total = (await (await api.total(ctx('/x', post({ addons }), { hash }))).json()) as {
      fare: { value: number };
      total: { value: number };
    };
    // Fare 2 × 900 THB; insurance 3 % of it (54 THB); two 20 kg bags at 150 THB.
    expect(total).toMatchObject({ fare: { value: 1800 }, total: { value: 1800 + 54 + 300 } });
    const reserved = await api.reserve(ctx('/x', post({ form: form(['Anna Berg', 'Li Wei'], { addons }) }), { hash }));
    expect(reserved.status).toBe(201);
    const booking = (await reserved.json()) as { booking: { total: { value: number }; status: string }; pay_url: string };
    expect(booking).toMatchObject({ booking: { status: 'reserved', total: { value: 2154 } }, pay_url: `/en/pay/${hash}` });
  });

  it('answers a changed fare with both totals, then reserves at the new price', async () => {
    const hash = await cart(BUS);
    await db.update(travelOptions).set({ priceMinor: 95_000 }).where(eq(travelOptions.id, 1));
    await db.update(inventoryVersion).set({ version: 2 });
    await refreshSearchIndex(db);
    const changed = await api.reserve(ctx('/x', post({ form: form(['Anna Berg', 'Li Wei']) }), { hash }));
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { error: unknown }).error).toMatchObject({
      code: 'price_changed',
      old_total: { value: 1800, fxcode: 'THB' },
      new_total: { value: 1900, fxcode: 'THB' },
    });
    const again = await api.reserve(ctx('/x', post({ form: form(['Anna Berg', 'Li Wei']) }), { hash }));
    expect(again.status).toBe(201);
  });
});
