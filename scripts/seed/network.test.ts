import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../src/domain/currency.ts';
import { allGeography } from './data/index.ts';
import { buildNetwork } from './network.ts';
import type { NetworkRows, RouteRow, RouteStopRow, TravelOptionRow } from './rows.ts';
import { addDays, localTimeToUtc, weekdayBit } from './time.ts';

const TODAY = '2025-06-02';
const geography = allGeography();
let network: NetworkRows;

beforeAll(() => {
  network = buildNetwork(geography, { today: TODAY, seed: 7 });
});

/** Lookups a test needs to talk about routes by place and station slugs. */
function indexNetwork(n: NetworkRows) {
  const stationSlug = new Map(n.stations.map((s) => [s.id, s.slug]));
  const placeOfStation = new Map(n.stations.map((s) => [s.id, s.placeId]));
  const placeSlug = new Map(n.places.map((p) => [p.id, p.slug]));
  const placeZone = new Map(n.places.map((p) => [p.id, p.timeZone]));
  const stopsByRoute = new Map<number, RouteStopRow[]>();
  for (const stop of n.routeStops) stopsByRoute.set(stop.routeId, [...(stopsByRoute.get(stop.routeId) ?? []), stop]);
  for (const stops of stopsByRoute.values()) stops.sort((a, b) => a.stopIndex - b.stopIndex);
  const optionsByRoute = new Map<number, TravelOptionRow[]>();
  for (const option of n.travelOptions) optionsByRoute.set(option.routeId, [...(optionsByRoute.get(option.routeId) ?? []), option]);

  const ends = (route: RouteRow) => {
    const stops = stopsByRoute.get(route.id) ?? [];
    const first = stops[0]?.stationId ?? -1;
    const last = stops.at(-1)?.stationId ?? -1;
    return {
      fromStation: stationSlug.get(first),
      toStation: stationSlug.get(last),
      fromPlace: placeSlug.get(placeOfStation.get(first) ?? -1),
      toPlace: placeSlug.get(placeOfStation.get(last) ?? -1),
      fromZone: placeZone.get(placeOfStation.get(first) ?? -1),
    };
  };
  const routesBetween = (from: string, to: string, vehicleClass: RouteRow['vehicleClass']) =>
    n.routes.filter((r) => r.vehicleClass === vehicleClass && ends(r).fromPlace === from && ends(r).toPlace === to);
  const optionsOf = (routes: readonly RouteRow[], className?: string) =>
    routes.flatMap((r) => optionsByRoute.get(r.id) ?? []).filter((o) => className === undefined || o.className === className);
  return { stopsByRoute, optionsByRoute, ends, routesBetween, optionsOf };
}

function expectBetween(value: number, min: number, max: number): void {
  expect(value).toBeGreaterThanOrEqual(min);
  expect(value).toBeLessThanOrEqual(max);
}

/** Price of an option in whole baht. */
const baht = (option: TravelOptionRow) => option.priceMinor / 100;

describe('buildNetwork', () => {
  it('is deterministic for a seed and date, and differs for another seed', () => {
    const again = buildNetwork(geography, { today: TODAY, seed: 7 });
    expect(again).toEqual(network);
    const other = buildNetwork(geography, { today: TODAY, seed: 8 });
    expect(other.travelOptions).not.toEqual(network.travelOptions);
    expect(other.schedules).not.toEqual(network.schedules);
  });

  it('reports no data problems in the real geography', () => {
    expect(network.warnings).toEqual([]);
  });

  it('meets the minimum sizes of the site', () => {
    expect(network.places.length).toBeGreaterThanOrEqual(120);
    expect(network.stations.length).toBeGreaterThanOrEqual(250);
    expect(network.operators.length).toBeGreaterThanOrEqual(40);
    expect(network.routes.length).toBeGreaterThanOrEqual(800);
    for (const vehicleClass of ['bus', 'ferry', 'train', 'van', 'avia', 'charter'] as const) {
      expect(
        network.operators.some((o) => o.vehicleClasses.includes(vehicleClass)),
        vehicleClass,
      ).toBe(true);
      expect(
        network.routes.some((r) => r.vehicleClass === vehicleClass),
        vehicleClass,
      ).toBe(true);
    }
  });

  it('has vehicle classes in tab order with the rail pass gap at 2', () => {
    expect(network.vehicleClasses.map((c) => [c.id, c.tabIndex])).toEqual([
      ['bus', 0],
      ['ferry', 1],
      ['train', 3],
      ['van', 4],
      ['avia', 5],
      ['charter', 6],
    ]);
  });

  it('invents plausible operators', () => {
    const slugs = new Set(network.operators.map((o) => o.slug));
    expect(slugs.size).toBe(network.operators.length);
    const manualShare = network.operators.filter((o) => o.confirmation === 'manual').length / network.operators.length;
    expect(manualShare).toBeGreaterThan(0.1);
    expect(manualShare).toBeLessThan(0.3);
    const currencyOf = new Map(network.countries.map((c) => [c.code, c.currency]));
    for (const o of network.operators) {
      expect(o.logo).toBe(`/logos/${o.slug}.svg`);
      expect(o.rating).toBeGreaterThanOrEqual(3.2);
      expect(o.rating).toBeLessThanOrEqual(4.9);
      expect(Math.round((o.rating ?? 0) * 10)).toBeCloseTo((o.rating ?? 0) * 10, 6);
      expect(o.currency).toBe(currencyOf.get(o.countryCode));
    }
  });

  it('serves Bangkok – Chiang Mai by bus, train and plane at sensible prices', () => {
    const { routesBetween, optionsOf } = indexNetwork(network);
    const buses = routesBetween('bangkok', 'chiang-mai', 'bus');
    const trains = routesBetween('bangkok', 'chiang-mai', 'train');
    const flights = routesBetween('bangkok', 'chiang-mai', 'avia');
    expect(buses.length).toBeGreaterThan(0);
    expect(trains.length).toBeGreaterThan(0);
    expect(flights.length).toBeGreaterThan(0);

    for (const vip of optionsOf(buses, 'VIP 24 seats')) expectBetween(baht(vip), 750, 1_050);
    expect(optionsOf(buses, 'VIP 24 seats').length).toBeGreaterThan(0);

    const secondSleeper = optionsOf(trains, '2nd class sleeper AC');
    const firstSleeper = optionsOf(trains, '1st class sleeper');
    expect(secondSleeper.length).toBeGreaterThan(0);
    expect(firstSleeper.length).toBeGreaterThan(0);
    for (const o of secondSleeper) expectBetween(baht(o), 800, 1_100);
    for (const o of firstSleeper) expectBetween(baht(o), 1_450, 1_950);

    for (const o of optionsOf(flights, 'Economy')) expectBetween(baht(o), 1_500, 3_000);
    for (const o of optionsOf([...buses, ...trains, ...flights])) expect(o.currency).toBe('THB');
  });

  it('runs the high-speed trains rail passes cover, by their real operators at real fares, and nothing else there (issue 21)', () => {
    const { routesBetween, optionsOf } = indexNetwork(network);
    const operatorOf = new Map(network.operators.map((o) => [o.id, o]));
    const cases = [
      { from: 'tokyo', to: 'osaka', operator: 'JR Central', currency: 'JPY', basic: 'Ordinary car (reserved)', min: 11_000, max: 17_000 },
      { from: 'seoul', to: 'busan', operator: 'Korail', currency: 'KRW', basic: 'Standard class', min: 45_000, max: 75_000 },
      {
        from: 'taipei',
        to: 'kaohsiung',
        operator: 'Taiwan High Speed Rail',
        currency: 'TWD',
        basic: 'Standard car',
        min: 1_200,
        max: 1_800,
      },
    ];
    for (const c of cases) {
      const trains = routesBetween(c.from, c.to, 'train');
      expect(trains.length, `${c.from} → ${c.to}`).toBeGreaterThanOrEqual(3);
      expect(routesBetween(c.to, c.from, 'train').length).toBe(trains.length);
      expect(new Set(trains.map((r) => operatorOf.get(r.operatorId)?.name))).toEqual(new Set([c.operator]));
      const basic = optionsOf(trains, c.basic);
      expect(basic.length).toBe(trains.length);
      const minor = c.currency === 'TWD' ? 100 : 1;
      for (const o of basic) expectBetween(o.priceMinor / minor, c.min, c.max);
    }
    // Only the railway: no bus, van, flight or car is invented in Japan, Korea or Taiwan.
    const railOnly = new Set(['JP', 'KR', 'TW']);
    const countryOfOperator = (id: number) => operatorOf.get(id)?.countryCode ?? '';
    expect(network.routes.filter((r) => railOnly.has(countryOfOperator(r.operatorId)) && r.vehicleClass !== 'train')).toEqual([]);
  });

  it('prices island boats and private cars like the real ones', () => {
    const { routesBetween, optionsOf } = indexNetwork(network);
    const samuiFerry = optionsOf(routesBetween('donsak', 'koh-samui', 'ferry'), 'Economy deck');
    expect(samuiFerry.length).toBeGreaterThan(0);
    for (const o of samuiFerry) expectBetween(baht(o), 150, 260);

    const taoSpeedboat = optionsOf(routesBetween('chumphon', 'koh-tao', 'ferry'), 'Speedboat');
    expect(taoSpeedboat.length).toBeGreaterThan(0);
    for (const o of taoSpeedboat) expectBetween(baht(o), 600, 800);

    const thaiCharters = network.routes.filter(
      (r) => r.vehicleClass === 'charter' && network.operators.find((o) => o.id === r.operatorId)?.currency === 'THB',
    );
    expect(thaiCharters.length).toBeGreaterThan(0);
    for (const route of thaiCharters) {
      const [sedan] = optionsOf([route], 'Private sedan (3 pax)');
      expect(sedan).toBeDefined();
      if (!sedan) continue;
      const price = baht(sedan);
      expect(price).toBeGreaterThanOrEqual(1_000);
      expect(price).toBeLessThanOrEqual(Math.max(1_100, 27 * route.distanceKm));
      expect(route.distanceKm).toBeLessThanOrEqual(300 * 1.3);
    }
  });

  it('gives every route ordered stops with increasing offsets and real halts on the way', () => {
    const { stopsByRoute } = indexNetwork(network);
    for (const route of network.routes) {
      const stops = stopsByRoute.get(route.id) ?? [];
      expect(stops.length, route.code).toBeGreaterThanOrEqual(2);
      expect(stops.map((s) => s.stopIndex)).toEqual(stops.map((_, i) => i));
      expect(stops[0]).toMatchObject({ arrivalOffsetMin: 0, departureOffsetMin: 0 });
      for (const [i, stop] of stops.entries()) {
        const previous = stops[i - 1];
        if (!previous) continue;
        expect(stop.arrivalOffsetMin, `${route.code} stop ${i}`).toBeGreaterThan(previous.departureOffsetMin);
        expect(stop.departureOffsetMin).toBeGreaterThanOrEqual(stop.arrivalOffsetMin);
        if (route.vehicleClass === 'bus' && i < stops.length - 1) {
          const dwell = stop.departureOffsetMin - stop.arrivalOffsetMin;
          expect(dwell).toBeGreaterThanOrEqual(5);
          expect(dwell).toBeLessThanOrEqual(15);
        }
      }
    }
    expect(network.routes.some((r) => r.vehicleClass === 'bus' && (stopsByRoute.get(r.id)?.length ?? 0) > 2)).toBe(true);
  });

  it('serves every ferry link of the data in both directions', () => {
    const { ends } = indexNetwork(network);
    const served = new Set(
      network.routes.filter((r) => r.vehicleClass === 'ferry').map((r) => `${ends(r).fromStation} > ${ends(r).toStation}`),
    );
    for (const link of geography.ferryLinks) {
      expect(served.has(`${link.from} > ${link.to}`), `${link.from} → ${link.to}`).toBe(true);
      expect(served.has(`${link.to} > ${link.from}`), `${link.to} → ${link.from}`).toBe(true);
    }
  });

  it('runs a train on every rail line of the data, both ways', () => {
    const { ends } = indexNetwork(network);
    const served = new Set(
      network.routes.filter((r) => r.vehicleClass === 'train').map((r) => `${ends(r).fromStation} > ${ends(r).toStation}`),
    );
    for (const line of geography.railLines) {
      const first = line.stops[0]?.station;
      const last = line.stops.at(-1)?.station;
      expect(served.has(`${first} > ${last}`), line.slug).toBe(true);
      expect(served.has(`${last} > ${first}`), line.slug).toBe(true);
    }
  });

  it('keeps timetables within each class’s hours and valid for a year from today', () => {
    const classOf = new Map(network.routes.map((r) => [r.id, r.vehicleClass]));
    for (const s of network.schedules) {
      expect(s.validFrom).toBe(TODAY);
      expect(s.validTo).toBe(addDays(TODAY, 365));
      const vehicleClass = classOf.get(s.routeId);
      if (vehicleClass === 'ferry') expectBetween(s.departureMinute, 6 * 60, 17 * 60);
      if (vehicleClass === 'avia') expectBetween(s.departureMinute, 6 * 60, 22 * 60);
    }
    const daily = network.schedules.filter((s) => s.weekdays === 127).length / network.schedules.length;
    expect(daily).toBeGreaterThan(0.9);
    expect(daily).toBeLessThan(1);
  });

  it('prices in the operator’s currency with whole minor units and sensible capacities', () => {
    const operatorOf = new Map(network.operators.map((o) => [o.id, o]));
    const routeOf = new Map(network.routes.map((r) => [r.id, r]));
    const seatRange: Record<RouteRow['vehicleClass'], [number, number]> = {
      bus: [24, 45],
      van: [9, 13],
      train: [40, 70],
      ferry: [30, 300],
      avia: [8, 180],
      charter: [3, 6],
    };
    for (const o of network.travelOptions) {
      const route = routeOf.get(o.routeId);
      if (!route) throw new Error(`option ${o.id} has no route`);
      expect(o.currency).toBe(operatorOf.get(route.operatorId)?.currency);
      expect(Number.isInteger(o.priceMinor)).toBe(true);
      expect(o.priceMinor).toBeGreaterThan(0);
      const [min, max] = seatRange[route.vehicleClass];
      expectBetween(o.seatsPerDeparture, min, max);
    }
    // A Vietnamese bus fare is tens of thousands of dong, stored as whole dong.
    const dongFares = network.travelOptions.filter((o) => o.currency === 'VND');
    expect(dongFares.length).toBeGreaterThan(0);
    for (const o of dongFares) expect(o.priceMinor).toBeGreaterThanOrEqual(10_000);
  });

  it('pre-books a sample of departures for two weeks, some sold out, at the right instants', () => {
    const inventory = network.departureInventory;
    const scheduleOf = new Map(network.schedules.map((s) => [s.id, s]));
    const { ends } = indexNetwork(network);
    const routeOf = new Map(network.routes.map((r) => [r.id, r]));
    const sampled = new Set(inventory.map((i) => i.scheduleId));
    expect(sampled.size / network.schedules.length).toBeCloseTo(0.1, 2);
    expect(inventory.some((i) => i.seatsSold === i.seatsTotal)).toBe(true);
    expect(inventory.some((i) => i.seatsSold < i.seatsTotal)).toBe(true);
    for (const row of inventory) {
      expect(row.serviceDate >= TODAY && row.serviceDate <= addDays(TODAY, 13)).toBe(true);
      expect(row.seatsSold + row.seatsHeld).toBeLessThanOrEqual(row.seatsTotal);
      const schedule = scheduleOf.get(row.scheduleId);
      expect(schedule).toBeDefined();
      if (!schedule) continue;
      expect(schedule.weekdays & weekdayBit(row.serviceDate)).not.toBe(0);
      const route = routeOf.get(schedule.routeId);
      const zone = route && ends(route).fromZone;
      expect(zone).toBeDefined();
      if (!zone) continue;
      expect(row.departureAt).toEqual(localTimeToUtc(row.serviceDate, schedule.departureMinute, zone));
    }
  });

  it('has an exchange rate for every supported currency', () => {
    expect(network.fxRates.map((r) => r.currency).sort()).toEqual(CURRENCIES.map((c) => c.code).sort());
    const rate = (code: string) => network.fxRates.find((r) => r.currency === code);
    expect(rate('USD')?.perUsd).toBe(1);
    expect(rate('THB')).toMatchObject({ minorUnits: 2 });
    expect(rate('VND')).toMatchObject({ minorUnits: 0 });
    expect(rate('IDR')?.perUsd).toBeGreaterThan(10_000);
  });
});

describe('localTimeToUtc', () => {
  it('turns Bangkok local time into UTC (UTC+7, no daylight saving)', () => {
    expect(localTimeToUtc('2025-06-02', 7 * 60 + 30, 'Asia/Bangkok').toISOString()).toBe('2025-06-02T00:30:00.000Z');
    expect(localTimeToUtc('2025-06-02', 3 * 60, 'Asia/Bangkok').toISOString()).toBe('2025-06-01T20:00:00.000Z');
  });

  it('follows the zone of the first stop', () => {
    expect(localTimeToUtc('2025-06-02', 7 * 60 + 30, 'Asia/Makassar').toISOString()).toBe('2025-06-01T23:30:00.000Z');
    expect(localTimeToUtc('2025-03-30', 3 * 60, 'Europe/Berlin').toISOString()).toBe('2025-03-30T01:00:00.000Z');
  });
});
