/**
 * Issue 17: the price on the card is the price you pay. For random searches over the seeded
 * network, every class of every card goes through the server's own add-to-cart (the card's
 * booking link) and checkout; the fare checkout charges is the card's price × passengers, in the
 * card's currency, to the minor unit. A round trip costs what its two cards said.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../scripts/seed/index.ts';
import { addDays } from '../../src/domain/search/dates.ts';
import { search } from '../../src/domain/search/search.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { TravelOption, Trip } from '../../src/domain/search/trips.ts';
import { VEHICLE_CLASSES, type ClassFilter } from '../../src/domain/search/vehicleClasses.ts';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { checkoutContext } from '../../src/server/checkout/context.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { DATABASES } from './databases.ts';

const TODAY = '2025-06-02';
const NOW = Date.UTC(2025, 5, 2, 2);
const BASE = '/en/add-to-cart/';

let handle: DbHandle;
let index: TimetableIndex;

beforeAll(async () => {
  const pglite = DATABASES[0];
  if (!pglite) throw new Error('no database');
  handle = await pglite.open();
  await seedDatabase(handle, { scale: false, today: TODAY });
  index = await loadIndex(handle.db, NOW);
}, 120_000);

afterAll(async () => {
  await handle.close();
});

function queryArb() {
  // Pairs of places with a direct service, so that nearly every run has cards to check.
  const pairs = [...index.hops].flatMap(([from, to]) => [...to.keys()].filter((id) => id !== from).map((id) => ({ from, to: id })));
  const classSets: ClassFilter[] = ['all', 'all', 'all', ...VEHICLE_CLASSES.map((c) => [c]), ['bus', 'train'], ['bus', 'ferry']];
  return fc.record({
    pair: fc.constantFrom(...pairs),
    // Today and the next days (sales closing), a week out, past the 14-day early-booking rule.
    dayOffset: fc.constantFrom(0, 1, 3, 9, 15, 31),
    classes: fc.constantFrom(...classSets),
    people: fc.integer({ min: 1, max: 6 }),
    currency: fc.constantFrom('USD', 'THB', 'EUR', 'JPY', 'VND'),
  });
}

type Query = ReturnType<typeof queryArb> extends fc.Arbitrary<infer Q> ? Q : never;

function searchFor(q: Query, date: string, from = q.pair.from, to = q.pair.to, roundTrip = false): Trip[] {
  return search(index, {
    roundTrip,
    from: { kind: 'place', id: from },
    to: { kind: 'place', id: to },
    date,
    people: q.people,
    classes: q.classes,
    currency: q.currency,
    now: NOW,
    bookingBase: BASE,
  }).trips;
}

/** What checkout charges for the fare after following the card's link, or why it could not. */
async function checkoutFare(option: TravelOption, q: Query, outboundHash?: string) {
  const added = await addToCart(handle.db, index, {
    slug: option.booking_uri.slice(BASE.length),
    lang: 'en',
    currency: q.currency,
    people: q.people,
    now: NOW,
    cartHash: outboundHash,
    sessionKey: 'fare-property',
  });
  if (!added.ok) throw new Error(`${option.booking_uri}: ${added.code}`);
  const cc = await checkoutContext(handle.db, index, added.hash, 'en', new Date(NOW));
  if (!cc) throw new Error('cart not found');
  return { hash: added.hash, minor: cc.fareMinor, currency: cc.loaded.cart.currency };
}

describe('the price on the card is the price you pay (seeded network)', () => {
  it('for every bookable class of every card, checkout charges the card price × passengers', async () => {
    let checked = 0;
    let withSeveralClasses = 0;
    await fc.assert(
      fc.asyncProperty(queryArb(), async (q) => {
        const trips = searchFor(q, addDays(TODAY, q.dayOffset));
        for (const trip of trips) {
          const open = trip.travel_options.filter((o) => o.bookable === 1);
          if (open.length > 1) withSeveralClasses++;
          // The card's headline price is the cheapest class that can be booked now.
          if (open.length > 0) expect(trip.min_price.minor).toBe(Math.min(...open.map((o) => o.price.minor)));
          for (const option of open) {
            const fare = await checkoutFare(option, q);
            expect({ minor: fare.minor, currency: fare.currency }).toEqual({
              minor: option.price.minor * q.people,
              currency: option.price.fxcode,
            });
            checked++;
          }
        }
      }),
      { numRuns: 40 },
    );
    // The property must have had something to check, including trips with a choice of class.
    expect(checked).toBeGreaterThan(50);
    expect(withSeveralClasses).toBeGreaterThan(5);
  }, 300_000);

  it('a round trip costs what its outbound and return cards said', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(queryArb(), fc.nat(), fc.nat(), async (q, pickOut, pickBack) => {
        const date = addDays(TODAY, q.dayOffset);
        // The results page searches both legs of a round trip as such (the round-trip discount shows).
        const outbound = searchFor(q, date, q.pair.from, q.pair.to, true).flatMap((t) => t.travel_options.filter((o) => o.bookable === 1));
        const out = outbound[pickOut % Math.max(1, outbound.length)];
        if (!out) return;
        const back = searchFor(q, addDays(date, 3), q.pair.to, q.pair.from, true).flatMap((t) =>
          t.travel_options.filter((o) => o.bookable === 1),
        );
        const ret = back[pickBack % Math.max(1, back.length)];
        if (!ret) return;
        const first = await checkoutFare(out, q);
        const both = await checkoutFare(ret, q, first.hash);
        expect(both.minor).toBe((out.price.minor + ret.price.minor) * q.people);
        checked++;
      }),
      { numRuns: 40 },
    );
    expect(checked).toBeGreaterThan(10);
  }, 300_000);
});
