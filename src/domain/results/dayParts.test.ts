import { describe, expect, it } from 'vitest';
import { dayPartOf, groupByDayPart } from './dayParts.ts';
import { makeTrip } from './testTrips.ts';

describe('trips by part of the day (the new results layout)', () => {
  it('uses the departure-time buckets of the filters; charter taxis leave any time', () => {
    expect(dayPartOf(makeTrip({ key: 'a', dep: '05:59', arr: '08:00', price: 1 }))).toBe('night');
    expect(dayPartOf(makeTrip({ key: 'b', dep: '06:00', arr: '08:00', price: 1 }))).toBe('morning');
    expect(dayPartOf(makeTrip({ key: 'c', dep: '12:30', arr: '18:00', price: 1 }))).toBe('afternoon');
    expect(dayPartOf(makeTrip({ key: 'd', dep: '23:45', arr: '05:00', price: 1 }))).toBe('evening');
    expect(dayPartOf(makeTrip({ key: 'e', dep: '09:00', arr: '12:00', price: 1, classes: ['charter'] }))).toBe('anytime');
  });
  it('orders the groups through the day, drops empty ones and keeps the list order inside', () => {
    const trips = [
      makeTrip({ key: 'eve', dep: '19:00', arr: '23:00', price: 5 }),
      makeTrip({ key: 'taxi', dep: '08:00', arr: '12:00', price: 90, classes: ['charter'] }),
      makeTrip({ key: 'm2', dep: '11:00', arr: '15:00', price: 6 }),
      makeTrip({ key: 'm1', dep: '07:00', arr: '11:00', price: 7 }),
    ];
    const groups = groupByDayPart(trips);
    expect(groups.map((g) => g.part)).toEqual(['morning', 'evening', 'anytime']);
    expect(groups[0]?.trips.map((t) => t.key)).toEqual(['m2', 'm1']);
  });
  it('gives no groups for no trips', () => {
    expect(groupByDayPart([])).toEqual([]);
  });
});
