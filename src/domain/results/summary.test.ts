import { describe, expect, it } from 'vitest';
import { disableTrip, mergeRecheck, summarize, ZERO_PRICE } from './summary.ts';
import { makeTrip } from './testTrips.ts';

const trips = [
  makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 30, duration: 240, rating: 4.0, seats: 3 }),
  makeTrip({ key: 'b', dep: '09:00', arr: '11:00', price: 50, duration: 120, rating: 4.8, classes: ['bus', 'ferry'], seats: 2 }),
  makeTrip({ key: 'c', dep: '10:00', arr: '18:00', price: 10, duration: 480, rating: 3.0, bookable: false }),
  makeTrip({ key: 'd', dep: '11:00', arr: '18:00', price: 20, duration: 420, rating: 3.5, seats: 40 }),
];

describe('trips summary (SPEC §3)', () => {
  it('picks the three recommended trips among bookable ones', () => {
    expect(summarize(trips).recommended).toEqual({ cheapest: 'd', fastest: 'b', best_rated: 'b' });
  });
  it('reports classes, connections, price bounds and high demand', () => {
    const s = summarize(trips);
    expect(s.availableClasses).toEqual(['bus', 'ferry']);
    expect(s.hasAutoconnection).toBe(true);
    // The sold-out trip at 10 is no price anyone can pay now: the lowest bookable one is 20.
    expect(s.minPrice).toEqual({ value: 20, fxcode: 'USD', minor: 2_000 });
    expect(s.maxPrice).toEqual({ value: 55, fxcode: 'USD', minor: 5_500 });
    expect(s.highDemandRoute.enabled).toBe(true);
  });
  it('resets prices to 0 THB without trips', () => {
    const s = summarize([]);
    expect(s.minPrice).toEqual(ZERO_PRICE);
    expect(s.maxPrice).toEqual(ZERO_PRICE);
    expect(s.highDemandRoute.enabled).toBe(false);
  });
});

describe('recheck and disabled trips (SPEC §4)', () => {
  it('merges rechecked trips by key', () => {
    const fresh = makeTrip({ key: 'a', dep: '08:00', arr: '12:00', price: 35 });
    const merged = mergeRecheck(trips, [fresh]);
    expect(merged[0]?.min_price.value).toBe(35);
    expect(merged[1]).toBe(trips[1]);
  });
  it('disables matching options and the trip when none is left', () => {
    const [a] = disableTrip(trips, 'a');
    expect(a?.travel_options.every((o) => o.bookable === 0)).toBe(true);
    expect(a?.params.is_bookable).toBe(false);
    const [same] = disableTrip(trips, 'a', ['other']);
    expect(same?.params.is_bookable).toBe(true);
  });
  it('a disabled class takes its price off the card: the card shows the cheapest class still bookable', () => {
    const base = trips[0];
    if (!base) throw new Error('no trip');
    const cheap = { ...base.travel_options[0], id: 'cheap', price: { value: 5, fxcode: 'USD', minor: 500 } };
    const dear = { ...base.travel_options[0], id: 'dear', price: { value: 18, fxcode: 'USD', minor: 1_800 } };
    const trip = { ...base, min_price: cheap.price, travel_options: [dear, cheap] } as typeof base;
    const [after] = disableTrip([trip], trip.key, ['cheap']);
    expect(after?.min_price).toEqual(dear.price);
    expect(after?.params.is_bookable).toBe(true);
  });
});
