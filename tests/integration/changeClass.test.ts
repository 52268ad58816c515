/**
 * Changing a leg's class in checkout (issue 17) on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: the cart is re-quoted, a held reservation's seats move to the new class in one
 * transaction, and a refusal (no seats, a moved price, a class the trip does not have) changes
 * nothing at all.
 */
import { GUEST } from '../support/actors.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { currentBookingForCart } from '../../src/server/booking/bookings.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart, loadCart } from '../../src/server/cart/cart.ts';
import { changeCartClass } from '../../src/server/cart/changeClass.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { bookings, departureInventory, seatHolds, travelOptions } from '../../src/server/db/schema.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { BUS, insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { asTraveller, TRAVELLER_SESSION } from './travellerRequests.ts';
import { DATABASES } from './databases.ts';

/** A second class on the night bus: dearer, and only three seats. */
const FIRST = 10;

describe.each(DATABASES)('changing the class in checkout on $name', ({ open }) => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    handle = await open();
    await insertCheckoutNetwork(handle.db, { bus: 40, boat: 3 });
    await handle.db.insert(travelOptions).values({
      id: FIRST,
      routeId: 1,
      className: 'First 18',
      priceMinor: 120_000,
      currency: 'THB',
      seatsPerDeparture: 3,
      confirmation: 'instant',
      bookingCutoffMin: 60,
      fullRefundHours: null,
    });
    index = await loadIndex(handle.db, NOW);
    await refreshSearchIndex(handle.db);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function busCart(people: number) {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    return createCart(handle.db, { lang: 'en', currency: 'THB', people, selections, quoted });
  }

  const firstClassUnit = () => {
    const quoted = quoteSelections(index, [{ tripKey: BUS.split('/')[0] ?? '', optionIds: [FIRST] }], { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    return quoted[0]?.[0]?.unitPriceMinor ?? 0;
  };

  const held = async (optionId: number) => {
    const [row] = await handle.db
      .select({ held: departureInventory.seatsHeld })
      .from(departureInventory)
      .where(
        and(
          eq(departureInventory.scheduleId, 1),
          eq(departureInventory.travelOptionId, optionId),
          eq(departureInventory.serviceDate, TRAVEL_DATE),
        ),
      );
    return row?.held ?? 0;
  };

  async function change(hash: string, option: number, expected?: number) {
    const loaded = await loadCart(handle.db, hash);
    if (!loaded) throw new Error('no cart');
    const booking = await currentBookingForCart(handle.db, loaded.cart.id, new Date(NOW));
    return changeCartClass(handle.db, index, { loaded, booking, item: 0, leg: 0, option, expected, now: NOW, ctx: GUEST });
  }

  it('re-quotes the cart for the new class before anything is held', async () => {
    const hash = await busCart(2);
    const result = await change(hash, FIRST, firstClassUnit());
    expect(result).toMatchObject({ ok: true, unitPriceMinor: firstClassUnit() });
    const cart = await loadCart(handle.db, hash);
    expect(cart?.items[0]?.optionIds).toEqual([FIRST]);
    expect(cart?.items[0]?.legs[0]).toMatchObject({ travelOptionId: FIRST, unitPriceMinor: firstClassUnit(), currency: 'THB' });
  });

  it('moves a held reservation to the new class: old seats back on sale, new ones held, the total follows', async () => {
    const hash = await busCart(2);
    const reserved = await reserveCart(handle.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!reserved.ok) throw new Error(reserved.code);
    const heldBefore = await held(1);
    const result = await change(hash, FIRST);
    expect(result.ok).toBe(true);
    expect(await held(1)).toBe(heldBefore - 2);
    expect(await held(FIRST)).toBe(2);
    const holds = await handle.db.select().from(seatHolds).where(eq(seatHolds.bookingId, reserved.booking.id));
    expect(holds.map((h) => h.status).sort()).toEqual(['held', 'released']);
    expect(holds.find((h) => h.status === 'held')?.expiresAt.getTime()).toBe(reserved.booking.holdExpiresAt.getTime());
    const [booking] = await handle.db.select().from(bookings).where(eq(bookings.id, reserved.booking.id));
    expect(booking?.totalMinor).toBe(firstClassUnit() * 2);
    // And back again: the hold follows the class both ways.
    expect((await change(hash, 1)).ok).toBe(true);
    expect(await held(FIRST)).toBe(0);
    expect(await held(1)).toBe(heldBefore);
  });

  it('refuses a class without seats for everyone and leaves cart and hold as they were', async () => {
    const hash = await busCart(4);
    const reserved = await reserveCart(handle.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST });
    if (!reserved.ok) throw new Error(reserved.code);
    const heldBefore = await held(1);
    expect(await change(hash, FIRST)).toEqual({ ok: false, code: 'sold_out' });
    expect(await held(1)).toBe(heldBefore);
    expect(await held(FIRST)).toBe(0);
    const cart = await loadCart(handle.db, hash);
    expect(cart?.items[0]?.optionIds).toEqual([1]);
    const holds = await handle.db.select().from(seatHolds).where(eq(seatHolds.bookingId, reserved.booking.id));
    expect(holds.map((h) => h.status)).toEqual(['held']);
  });

  it('refuses when the price the traveller saw no longer holds, and a class the trip does not have', async () => {
    const hash = await busCart(1);
    expect(await change(hash, FIRST, firstClassUnit() - 100)).toEqual({
      ok: false,
      code: 'price_changed',
      expectedMinor: firstClassUnit() - 100,
      currentMinor: firstClassUnit(),
    });
    expect(await change(hash, 2)).toEqual({ ok: false, code: 'invalid_class' });
    const cart = await loadCart(handle.db, hash);
    expect(cart?.items[0]?.optionIds).toEqual([1]);
  });

  describe('the checkout/class API', () => {
    const call = async (hash: string, body: unknown) => {
      const api = createCheckoutApi({ db: handle.db, now: () => NOW, holdMinutes: 20 });
      const url = new URL(`http://shop.test/api/nuxt/en/checkout/class/${hash}`);
      const locale = localeBySegment('en');
      const response = await api.changeClass({
        request: new Request(
          url,
          asTraveller({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        ),
        url,
        params: { hash },
        locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: Record<string, unknown> } };
    };

    async function apiCart() {
      const added = await addToCart(handle.db, await refreshSearchIndex(handle.db), {
        slug: BUS,
        lang: 'en',
        currency: 'THB',
        people: 2,
        now: NOW,
        sessionKey: TRAVELLER_SESSION,
      });
      if (!added.ok) throw new Error(added.code);
      return added.hash;
    }

    it('answers the re-quoted cart and totals, and refuses bad input with a stable code and the fields', async () => {
      const hash = await apiCart();
      const changed = await call(hash, { item: 0, leg: 0, option: FIRST, expected: firstClassUnit() });
      expect(changed.status).toBe(200);
      expect(changed.body).toMatchObject({ totals: { fare: { minor: firstClassUnit() * 2, fxcode: 'THB' } } });

      const bad = await call(hash, { item: 0, leg: 'first', option: -1 });
      // One code, one status (server/api/catalogue.ts): a change that does not parse is refused as one the leg cannot take.
      expect(bad.status).toBe(422);
      expect(bad.body.error).toMatchObject({ code: 'invalid_class' });
      expect(Object.keys((bad.body.error?.fields as Record<string, unknown> | undefined) ?? {}).sort()).toEqual(['leg', 'option']);

      const other = await call(hash, { item: 0, leg: 0, option: 2 });
      expect(other.status).toBe(422);
      expect(other.body.error).toMatchObject({ code: 'invalid_class', message: expect.stringContaining('class') as unknown });

      const moved = await call(hash, { item: 0, leg: 0, option: 1, expected: 1 });
      expect(moved.status).toBe(409);
      expect(moved.body.error).toMatchObject({ code: 'price_changed', old_price: { minor: 1 } });
    });
  });
});
