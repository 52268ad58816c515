import { describe, expect, it } from 'vitest';
import { search, type SearchQuery } from '../search/search.ts';
import { testIndex } from '../search/testNetwork.ts';
import { parseAddToCartSlug } from './slug.ts';
import { quoteSelections, unitTotal } from './quote.ts';

const index = testIndex();
const NOW = Date.UTC(2025, 2, 8, 5);
const query: SearchQuery = {
  from: { kind: 'place', id: 1 },
  to: { kind: 'place', id: 4 },
  date: '2025-03-10',
  people: 1,
  classes: 'all',
  currency: 'USD',
  now: NOW,
  bookingBase: '/en/add-to-cart/',
};

function selectionsOf(uri: string) {
  const selections = parseAddToCartSlug(uri.replace('/en/add-to-cart/', ''));
  if (!selections) throw new Error(`unparsable ${uri}`);
  return selections;
}

describe('quoteSelections', () => {
  it('prices a search result exactly as the search showed it', () => {
    for (const trip of search(index, query).trips) {
      for (const option of trip.travel_options) {
        const quoted = quoteSelections(index, selectionsOf(option.booking_uri), { currency: 'USD', now: NOW });
        if (typeof quoted === 'string') throw new Error(quoted);
        expect(unitTotal(quoted.flat()) / 100).toBe(option.price.value);
      }
    }
  });

  it('quotes every leg of a connection', () => {
    const island = search(index, { ...query, to: { kind: 'place', id: 3 } }).trips.find((t) => t.params.changes === 1);
    const uri = island?.travel_options[0]?.booking_uri ?? '';
    const quoted = quoteSelections(index, selectionsOf(uri), { currency: 'USD', now: NOW });
    expect(typeof quoted === 'string' ? quoted : quoted[0]?.map((l) => l.scheduleId)).toEqual([1, 2]);
  });

  it('refuses a departure whose sales have closed, an unknown option and a day the schedule does not run', () => {
    const uri = search(index, query).trips[0]?.travel_options[0]?.booking_uri ?? '';
    expect(quoteSelections(index, selectionsOf(uri), { currency: 'USD', now: Date.UTC(2025, 2, 10, 1) })).toBe('sales_closed');
    expect(quoteSelections(index, [{ tripKey: '4.11.41.2025-03-10', optionIds: [6] }], { currency: 'USD', now: NOW })).toBe(
      'unknown_option',
    );
    // The flight (schedule 5) runs on weekdays only; 2025-03-16 is a Sunday.
    expect(quoteSelections(index, [{ tripKey: '5.12.42.2025-03-16', optionIds: [6] }], { currency: 'USD', now: NOW })).toBe('unknown_trip');
  });
});

describe("trips sold only on the operator's site (SPEC §3 external_purchase_url)", () => {
  it('are shown not bookable, left out of connections, and refused by the cart as sales_closed', () => {
    const own = testIndex();
    const trip = search(own, query).trips.find((t) => t.params.changes === 0);
    const scheduleId = Number(trip?.key.split('.')[0]);
    const route = own.routes.find((r) => r.schedules.some((s) => s.id === scheduleId));
    if (!trip || !route) throw new Error('the test network has no direct trip');
    const uri = trip.travel_options[0]?.booking_uri ?? '';
    expect(typeof quoteSelections(own, selectionsOf(uri), { currency: 'USD', now: NOW })).not.toBe('string');

    route.externalPurchaseUrl = 'https://operator.example/book/r1';
    const after = search(own, query).trips;
    const shown = after.find((t) => t.key === trip.key);
    expect(shown?.params.external_purchase_url).toBe('https://operator.example/book/r1');
    expect(shown?.params.is_bookable).toBe(false);
    expect(shown?.travel_options.every((o) => o.bookable === 0)).toBe(true);
    // No connection uses the route any more.
    const sameSchedule = (key: string) => key.split('~').some((leg) => Number(leg.split('.')[0]) === scheduleId);
    expect(after.filter((t) => t.params.changes > 0 && sameSchedule(t.key))).toEqual([]);
    expect(quoteSelections(own, selectionsOf(uri), { currency: 'USD', now: NOW })).toBe('sales_closed');
  });
});
