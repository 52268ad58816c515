/**
 * Seat holds under contention, on PostgreSQL only (PGlite has one connection and serialises
 * everything, so a race there proves nothing). 200 buyers race for the last 10 seats: exactly
 * 10 get a hold, the rest a clear sold-out, and held + sold never exceeds the seats. The
 * negative control runs the same race with row locking switched off and observes the oversell
 * — evidence that the lock, not luck, is what keeps the first run correct.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { departureInventory } from '../../src/server/db/schema.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import { NOW } from './checkoutNetwork.ts';
import { boatOversell, connectionCarts, expectRowsMatchHolds, race, raceNetwork, racePostgres } from './holdRace.ts';

if (!racePostgres) console.log('Seat hold concurrency tests SKIPPED: they need PostgreSQL (set TEST_DATABASE_URL).');

const BUYERS = 200;
const SEATS = 10;

describe.skipIf(!racePostgres)('seat holds under contention (PostgreSQL)', () => {
  let handle: DbHandle;
  let index: TimetableIndex;

  beforeAll(async () => {
    if (!racePostgres) return;
    // The boat is the scarce leg: the connection must fail as a whole when the boat is full.
    ({ handle, index } = await raceNetwork(SEATS));
  });

  afterAll(async () => {
    await handle.close();
  });

  async function rows() {
    return handle.db.select().from(departureInventory);
  }

  it(`${BUYERS} buyers for the last ${SEATS} seats: exactly ${SEATS} holds, the rest sold out, no oversell`, async () => {
    const results = await race(handle.db, index, '2025-06-04', BUYERS, true);
    const held = results.filter((r) => r.ok);
    const soldOut = results.filter((r) => !r.ok && r.code === 'sold_out');
    expect(held).toHaveLength(SEATS);
    expect(soldOut).toHaveLength(BUYERS - SEATS);

    await expectRowsMatchHolds(handle.db);
    // All or nothing: the bus (500 seats) holds exactly as many as the boat, not one per buyer.
    const busRow = (await rows()).find((r) => r.scheduleId === 1 && r.serviceDate === '2025-06-04');
    expect(busRow?.seatsHeld).toBe(SEATS);
  });

  it(`through the API: ${BUYERS} travellers submit at once, ${SEATS} get 201, the rest a clear 409 sold_out, no 5xx`, async () => {
    await refreshSearchIndex(handle.db);
    const api = createCheckoutApi({ db: handle.db, now: () => NOW, holdMinutes: 20 });
    const hashes = await connectionCarts(handle.db, index, '2025-06-06', BUYERS);
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
    const results = await race(handle.db, index, '2025-06-05', BUYERS, false);
    const held = results.filter((r) => r.ok).length;
    const { rowSaysHeld, liveHolds } = await boatOversell(handle.db, '2025-06-05');
    console.log(`negative control: ${String(held)} holds granted on ${String(SEATS)} seats; row says ${String(rowSaysHeld)} held`);
    // More holds were granted than there are seats, and the row lost updates (it counts fewer).
    expect(held).toBeGreaterThan(SEATS);
    expect(liveHolds).toBeGreaterThan(rowSaysHeld);
  });
});
