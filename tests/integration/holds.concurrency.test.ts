/**
 * Seat holds under contention, on PostgreSQL only (PGlite has one connection and serialises
 * everything, so a race there proves nothing). 200 buyers race for the last 10 seats: exactly
 * 10 get a hold, the rest a clear sold-out, and held + sold never exceeds the seats. The
 * negative control runs the same race with row locking switched off and observes the oversell
 * — evidence that the lock, not luck, is what keeps the first run correct.
 */
import { GUEST } from '../support/actors.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { departureInventory } from '../../src/server/db/schema.ts';
import { heldSeatsByRow, reserveCart, type ReserveResult } from '../../src/server/booking/reserve.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { BUS_THEN_BOAT, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Seat hold concurrency tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const BUYERS = 200;
const SEATS = 10;

describe.skipIf(!postgres)('seat holds under contention (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    if (!postgres) return;
    handle = await postgres.open();
    // The boat is the scarce leg: the connection must fail as a whole when the boat is full.
    await insertCheckoutNetwork(handle.db, { bus: 500, boat: SEATS });
    index = await loadIndex(handle.db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  async function race(date: string, lockInventory: boolean): Promise<ReserveResult[]> {
    const selections = parseAddToCartSlug(BUS_THEN_BOAT.replaceAll('2025-06-04', date)) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hashes = [];
    for (let i = 0; i < BUYERS; i++)
      hashes.push(await createCart(handle.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted }));
    return Promise.all(hashes.map((hash) => reserveCart(handle.db, { hash, index, now: NOW, holdMinutes: 20, ctx: GUEST, lockInventory })));
  }

  async function rows() {
    return handle.db.select().from(departureInventory);
  }

  it(`${BUYERS} buyers for the last ${SEATS} seats: exactly ${SEATS} holds, the rest sold out, no oversell`, async () => {
    const results = await race('2025-06-04', true);
    const held = results.filter((r) => r.ok);
    const soldOut = results.filter((r) => !r.ok && r.code === 'sold_out');
    expect(held).toHaveLength(SEATS);
    expect(soldOut).toHaveLength(BUYERS - SEATS);

    const holds = await heldSeatsByRow(handle.db);
    for (const row of await rows()) {
      expect(row.seatsHeld + row.seatsSold).toBeLessThanOrEqual(row.seatsTotal);
      // Every seat the row says is held belongs to a live hold: no update was lost.
      expect(holds.get(row.id) ?? 0).toBe(row.seatsHeld);
    }
    // All or nothing: the bus (500 seats) holds exactly as many as the boat, not one per buyer.
    const busRow = (await rows()).find((r) => r.scheduleId === 1 && r.serviceDate === '2025-06-04');
    expect(busRow?.seatsHeld).toBe(SEATS);
  });

  it(`through the API: ${BUYERS} travellers submit at once, ${SEATS} get 201, the rest a clear 409 sold_out, no 5xx`, async () => {
    await refreshSearchIndex(handle.db);
    const api = createCheckoutApi({ db: handle.db, now: () => NOW, holdMinutes: 20, worker: false });
    const selections = parseAddToCartSlug(BUS_THEN_BOAT.replaceAll('2025-06-04', '2025-06-06')) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hashes = [];
    for (let i = 0; i < BUYERS; i++)
      hashes.push(await createCart(handle.db, { lang: 'en', currency: 'THB', people: 1, selections, quoted }));
    const locale = localeBySegment('en');
    const form = {
      email: 'a@example.com',
      phone: '+66812345678',
      passengers: [{ full_name: 'A B', nationality: 'TH', document_number: 'X1' }],
    };
    const responses = await Promise.all(
      hashes.map((hash) => {
        const url = new URL(`http://shop.test/api/nuxt/en/checkout/reserve/${hash}`);
        return api.reserve({
          request: new Request(url, { method: 'POST', body: JSON.stringify({ form }) }),
          url,
          params: { hash },
          locals: { locale, messages: messagesFor(locale.code), t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH) },
        });
      }),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(SEATS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(BUYERS - SEATS);
    const codes = await Promise.all(
      responses.filter((r) => r.status === 409).map(async (r) => ((await r.json()) as { error: { code: string } }).error.code),
    );
    expect(new Set(codes)).toEqual(new Set(['sold_out']));
    for (const row of await rows()) expect(row.seatsHeld + row.seatsSold).toBeLessThanOrEqual(row.seatsTotal);
  });

  it('NEGATIVE CONTROL: without the row locks the same race oversells', async () => {
    const results = await race('2025-06-05', false);
    const held = results.filter((r) => r.ok).length;
    const boatRow = (await rows()).find((r) => r.scheduleId === 2 && r.serviceDate === '2025-06-05');
    const holds = await heldSeatsByRow(handle.db);
    const liveHolds = holds.get(boatRow?.id ?? -1) ?? 0;
    console.log(`negative control: ${held} holds granted on ${SEATS} seats; row says ${boatRow?.seatsHeld ?? 0} held`);
    // More holds were granted than there are seats, and the row lost updates (it counts fewer).
    expect(held).toBeGreaterThan(SEATS);
    expect(liveHolds).toBeGreaterThan(boatRow?.seatsHeld ?? 0);
  });
});
