import { describe, expect, it } from 'vitest';
import { structuredDataProblems } from '../content/structuredData.ts';
import { testIndex } from '../search/testNetwork.ts';
import { routeFromSlug, schemaTime, stopTimes, tripPageRoutes, tripPath, tripSlug, tripStructuredData } from './tripPage.ts';

describe('trip slugs', () => {
  const index = testIndex();
  it('round-trips every route through its slug', () => {
    for (const route of index.routes) expect(routeFromSlug(index, tripSlug(index, route))?.id).toBe(route.id);
  });
  it('gives each trip one canonical path per locale', () => {
    const route = index.routes[0];
    if (!route) throw new Error('test network has routes');
    expect(tripPath('ar', index, route)).toBe(`/ar/trip-page/${tripSlug(index, route)}`);
    expect(new Set(index.routes.map((r) => tripSlug(index, r))).size).toBe(index.routes.length);
  });
  it('builds pages for the routes with a known operator, and finds no route without one', () => {
    expect(tripPageRoutes(index)).toEqual(index.routes);
    const orphan = index.routes[0];
    if (!orphan) throw new Error('test network has routes');
    const operators = new Map(index.operators);
    operators.delete(orphan.operatorId);
    const without = { ...index, operators };
    expect(tripPageRoutes(without).some((r) => r.operatorId === orphan.operatorId)).toBe(false);
    expect(routeFromSlug(without, tripSlug(index, orphan))).toBeUndefined();
  });
  it('rejects slugs without a known route id', () => {
    expect(routeFromSlug(index, 'bangkok-koh-tao')).toBeUndefined();
    expect(routeFromSlug(index, 'bangkok-koh-tao-999999')).toBeUndefined();
  });
});

describe('stopTimes', () => {
  it('adds each stop’s offset to the departure, in order', () => {
    const index = testIndex();
    const route = index.routes.find((r) => r.stops.length >= 2);
    if (!route) throw new Error('test network has routes');
    const times = stopTimes(index, route, 22 * 60);
    expect(times[0]?.departure).toBe('22:00');
    expect(times).toHaveLength(route.stops.length);
  });
});

describe('schema.org times', () => {
  it('names the station’s UTC offset, and wraps past midnight', () => {
    expect(schemaTime(18 * 60 + 40, 420)).toBe('18:40:00+07:00');
    expect(schemaTime(24 * 60 + 75, 420)).toBe('01:15:00+07:00');
    expect(schemaTime(9 * 60, -330)).toBe('09:00:00-05:30');
  });
});

describe('tripStructuredData', () => {
  const base = {
    name: 'Bangkok to Chiang Mai',
    url: new URL('https://roamly.example/en/trip-page/bangkok-chiang-mai-1'),
    provider: {
      name: 'Siam Rail',
      url: new URL('https://roamly.example/en/operator/siam-rail'),
      logo: new URL('https://roamly.example/logos/siam-rail.svg'),
    },
    from: { name: 'Krung Thep Aphiwat', lat: 13.8, lon: 100.54 },
    to: { name: 'Chiang Mai', lat: 18.78, lon: 99.01 },
    departureTime: '18:40:00+07:00',
    arrivalTime: '07:15:00+07:00',
    offers: [{ name: '2nd class sleeper', price: 881, currency: 'THB' }],
  };
  it('uses the schema.org trip type of the vehicle class with valid offers', () => {
    const train = tripStructuredData({ ...base, vehicleClass: 'train' });
    expect(train['@type']).toBe('TrainTrip');
    expect(train.departureStation).toMatchObject({ '@type': 'TrainStation', name: 'Krung Thep Aphiwat' });
    expect(structuredDataProblems(train)).toEqual([]);
    expect(tripStructuredData({ ...base, vehicleClass: 'ferry' })['@type']).toBe('BoatTrip');
    expect(tripStructuredData({ ...base, vehicleClass: 'avia' })['@type']).toBe('Flight');
    expect(tripStructuredData({ ...base, vehicleClass: 'bus' })['@type']).toBe('BusTrip');
  });
});
