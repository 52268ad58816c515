import { describe, expect, it } from 'vitest';
import { nextDates, search, type SearchQuery } from './search.ts';
import { testIndex } from './testNetwork.ts';

const index = testIndex();
// 2025-03-10 is a Monday; "now" is 2025-03-08 12:00 Bangkok time.
const base: SearchQuery = {
  from: { kind: 'place', id: 1 },
  to: { kind: 'place', id: 4 },
  date: '2025-03-10',
  people: 2,
  classes: 'all',
  currency: 'USD',
  now: Date.UTC(2025, 2, 8, 5),
};

describe('direct trips', () => {
  it('finds the train departures and, on a weekday, the flight', () => {
    const { trips } = search(index, base);
    expect(trips.map((t) => [t.params.vehclasses, t.params.dep_time])).toEqual([
      [['train'], '2025-03-10 08:00'],
      [['avia'], '2025-03-10 10:00'],
      [['train'], '2025-03-10 23:30'],
    ]);
  });

  it('has no flight on a Sunday', () => {
    const { trips } = search(index, { ...base, date: '2025-03-16' });
    expect(trips.every((t) => t.params.vehclasses.join() === 'train')).toBe(true);
  });

  it('filters by exact vehicle classes', () => {
    const { trips } = search(index, { ...base, classes: ['avia'] });
    expect(trips).toHaveLength(1);
    expect(trips[0]?.params.arr_time).toBe('2025-03-10 11:10');
  });

  it('limits a station endpoint to that station', () => {
    const { trips } = search(index, { ...base, from: { kind: 'station', id: 12 } });
    expect(trips.map((t) => t.params.from)).toEqual([12]);
  });

  it('converts prices into the requested currency', () => {
    const { trips } = search(index, { ...base, classes: ['avia'] });
    expect(trips[0]?.min_price).toEqual({ value: 50, fxcode: 'USD', minor: 5_000 }); // ฿1,750 at 35 per dollar
    const vnd = search(index, { ...base, classes: ['avia'], currency: 'VND' });
    expect(vnd.trips[0]?.min_price).toEqual({ value: 1_250_000, fxcode: 'VND', minor: 1_250_000 });
  });

  it('applies early-booking rules only far enough ahead', () => {
    const soon = search(index, { ...base, classes: ['train'] }).trips[0];
    const later = search(index, { ...base, classes: ['train'], date: '2025-03-20' }).trips[0];
    expect(soon?.travel_options[0]?.discount_data).toBeNull();
    expect(later?.travel_options[0]?.discount_data).toEqual({ promo_type: 'pricing_rule', discount_pct: 10 });
    expect(later?.min_price.value).toBeCloseTo((900 * 0.9) / 35, 2);
  });

  it('marks an option with fewer seats left than travellers as not bookable', () => {
    const morning = search(index, { ...base, date: '2025-03-12', classes: ['train'] }).trips[0];
    const sleeper = morning?.travel_options.find((o) => o.class === 'Sleeper');
    expect(sleeper).toMatchObject({ seats_left: 1, bookable: 0 });
    expect(morning?.params.is_bookable).toBe(true);
  });

  it('closes sales at the booking cut-off but still shows the trip', () => {
    const now = Date.UTC(2025, 2, 10, 0, 30); // 07:30 in Bangkok, 30 min before the 08:00 train
    const train = search(index, { ...base, now, classes: ['train'] }).trips[0];
    expect(train?.params.dep_time).toBe('2025-03-10 08:00');
    expect(train?.params.is_bookable).toBe(false);
  });
});

describe('connections', () => {
  const toIsland = { ...base, to: { kind: 'place' as const, id: 3 } };

  it('joins the night bus and the morning ferry, skipping the ferry it cannot make', () => {
    const { trips, hasAutoconnection } = search(index, toIsland);
    expect(hasAutoconnection).toBe(true);
    expect(trips).toHaveLength(1);
    const trip = trips[0];
    expect(trip?.params.vehclasses).toEqual(['bus', 'ferry']);
    expect(trip?.segments.map((s) => s.dep_time)).toEqual(['2025-03-10 21:00', '2025-03-11 07:00']);
    expect(trip?.approximate).toBe(true);
    // Both legs' fares, converted: (฿600 + ฿700) / 35.
    expect(trip?.min_price.value).toBeCloseTo(1300 / 35, 1);
    // The ferry has no free cancellation, so neither has the package.
    expect(trip?.travel_options[0]?.full_refund_until).toBeNull();
  });

  it('offers no connection when the classes asked for do not match', () => {
    expect(search(index, { ...toIsland, classes: ['bus'] }).trips).toEqual([]);
    expect(search(index, { ...toIsland, classes: ['bus', 'ferry'] }).trips).toHaveLength(1);
  });
});

describe('next dates', () => {
  it('is empty for a place without service', () => {
    const q = { ...base, to: { kind: 'place' as const, id: 5 } };
    expect(search(index, q).trips).toEqual([]);
    expect(nextDates(index, q)).toEqual([]);
  });

  it('finds the next weekdays with a flight', () => {
    expect(nextDates(index, { ...base, date: '2025-03-14', classes: ['avia'] })).toEqual(['2025-03-17', '2025-03-18', '2025-03-19']);
  });
});
