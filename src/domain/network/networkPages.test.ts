import { describe, expect, it } from 'vitest';
import { testIndex } from '../search/testNetwork.ts';
import { buildNetworkPages, clockTime, departuresByDestination, distanceKm, roundRating, stationPath } from './networkPages.ts';

describe('buildNetworkPages', () => {
  const index = testIndex();
  const pages = buildNetworkPages(index);

  it('lists departures from a station in local time order, never from the last stop', () => {
    for (const [stationId, summary] of pages.stations) {
      const minutes = summary.departures.map((d) => d.minute);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      for (const d of summary.departures) expect(d.toStationId).not.toBe(stationId);
    }
    const withDepartures = [...pages.stations.values()].filter((s) => s.departures.length > 0);
    expect(withDepartures.length).toBeGreaterThan(0);
  });

  it('connects each station to the places its routes reach, with the operators serving them', () => {
    for (const route of index.routes) {
      const first = route.stops[0];
      const last = route.stops[route.stops.length - 1];
      if (!first || !last || first.placeId === last.placeId) continue;
      const conn = pages.stations.get(first.stationId)?.connections.find((c) => c.toPlaceId === last.placeId);
      expect(conn?.operatorIds).toContain(route.operatorId);
      expect(conn?.minDurationMin).toBeLessThanOrEqual(last.arr - first.dep);
    }
  });

  it('gives every operator its routes and class names', () => {
    for (const route of index.routes) {
      const op = pages.operators.get(route.operatorId);
      expect(op?.routes.some((r) => r.route.id === route.id)).toBe(true);
      for (const o of route.options) expect(op?.classNames).toContain(o.className);
    }
  });

  it('finds nearby stations within reach, nearest first, excluding the station itself', () => {
    for (const [stationId, summary] of pages.stations) {
      expect(summary.nearby.map((n) => n.stationId)).not.toContain(stationId);
      const kms = summary.nearby.map((n) => n.km);
      expect(kms).toEqual([...kms].sort((a, b) => a - b));
      for (const km of kms) expect(km).toBeLessThanOrEqual(60);
    }
  });
});

describe('helpers', () => {
  it('formats local times and rounds ratings to one decimal', () => {
    expect(clockTime(425)).toBe('07:05');
    expect(clockTime(1440 + 30)).toBe('00:30');
    expect(roundRating(4.26)).toBe(4.3);
  });
  it('measures Bangkok to Chiang Mai at about 580 km', () => {
    expect(distanceKm({ lat: 13.75, lon: 100.5 }, { lat: 18.79, lon: 98.98 })).toBeGreaterThan(550);
    expect(distanceKm({ lat: 13.75, lon: 100.5 }, { lat: 18.79, lon: 98.98 })).toBeLessThan(600);
  });
  it('builds station addresses from id and slug', () => {
    expect(stationPath('ar', { id: 12, slug: 'bangkok-mo-chit' })).toBe('/ar/station/12-bangkok-mo-chit');
  });
});

describe('departuresByDestination', () => {
  it('groups departures by destination with sorted, distinct times and the fastest duration', () => {
    const d = (minute: number, toStationId: number, durationMin: number, operatorId = 1) => ({
      minute,
      weekdays: 127,
      routeId: 1,
      routeCode: 'X',
      operatorId,
      vehicleClass: 'bus' as const,
      toStationId,
      toPlaceId: toStationId,
      durationMin,
      approximate: false,
    });
    const rows = departuresByDestination([d(600, 2, 120), d(420, 2, 100, 2), d(420, 2, 100), d(480, 3, 60)]);
    expect(rows.map((r) => r.toStationId)).toEqual([2, 3]);
    expect(rows[0]).toMatchObject({ minutes: [420, 600], operatorIds: [1, 2], durationMin: 100 });
  });
});
