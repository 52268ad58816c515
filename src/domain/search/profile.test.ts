import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHANGES } from './journeyRules.ts';
import { fastestJourneys } from './profile.ts';
import { referenceSearch, unmatched } from './reference.ts';
import { FIRST_DAY, randomNetwork } from './randomNetwork.ts';
import { buildTimetableIndex, type TimetableIndex } from './timetable.ts';

const asFront = (journeys: ReturnType<typeof fastestJourneys>) =>
  journeys.map((j) => ({ dep: j.dep, arr: j.arr, changes: j.legs.length - 1 }));

describe('fastest journeys against the exhaustive reference, on random networks', () => {
  it('misses no journey of the Pareto front (leave later, arrive earlier, fewer changes), and finds none that is not a real journey', () => {
    let compared = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 13 }), (seed, dayOffset) => {
        const index = randomNetwork(seed);
        const placeIds = [...index.places.keys()];
        for (const from of placeIds)
          for (const to of placeIds) {
            if (from === to) continue;
            const query = {
              originStations: new Set(index.places.get(from)?.stationIds),
              destinationStations: new Set(index.places.get(to)?.stationIds),
              day: FIRST_DAY + dayOffset,
              maxChanges: MAX_CHANGES,
            };
            const reference = referenceSearch(index, query);
            const found = asFront(fastestJourneys(index, query));
            expect(unmatched(reference, found), `${from} → ${to}, seed ${seed}`).toEqual([]);
            // Nothing better than the best possible: each found journey is matched by the reference too.
            expect(unmatched(found, reference), `${from} → ${to}, seed ${seed}`).toEqual([]);
            if (reference.length > 0) compared++;
          }
      }),
      { numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(100);
  });
});

/** Bangkok time: local minute m of day d is d·1440 + m − 420 in absolute minutes. */
const bangkok = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute - 420;

/**
 * Four places on a line: a night train leaves place 1 on Mondays at 22:00, calls at place 2 at
 * 01:00 and reaches place 3 at 08:00; a 33-hour coach leaves place 3 daily at 09:00 for place 4.
 */
function overnightNetwork(): TimetableIndex {
  const places = [1, 2, 3, 4].map((id) => ({
    id,
    slug: `p${id}`,
    kind: 'city',
    names: { en: `Place ${id}` },
    lat: 13 + id,
    lon: 100,
    timeZone: 'Asia/Bangkok',
    countryCode: 'TH',
    popularity: 1,
  }));
  const stations = places.map((p) => ({
    id: p.id * 10,
    slug: `s${p.id}`,
    kind: p.id === 4 ? ('bus_terminal' as const) : ('railway_station' as const),
    names: { en: `Station ${p.id}` },
    lat: p.lat,
    lon: p.lon,
    placeId: p.id,
    code: null,
  }));
  const option = (routeId: number) => ({
    id: routeId,
    routeId,
    className: 'Standard',
    priceMinor: 2_000,
    currency: 'USD',
    seats: 10,
    features: [],
    fullRefundHours: null,
    confirmation: 'instant' as const,
    cutoffMin: 0,
  });
  const schedule = (id: number, routeId: number, departureMinute: number, weekdays: number) => ({
    id,
    routeId,
    departureMinute,
    weekdays,
    validFrom: '2025-05-01',
    validTo: '2025-08-31',
    timesConfirmed: true,
  });
  return buildTimetableIndex(
    {
      version: 1,
      places,
      stations,
      operators: [
        {
          id: 1,
          slug: 'op',
          name: 'Op',
          logo: '',
          rating: 4,
          reviewCount: 1,
          confirmation: 'instant',
          currency: 'USD',
          vehicleClasses: [],
        },
      ],
      routes: [
        { id: 1, operatorId: 1, vehicleClass: 'train', code: 'NIGHT', distanceKm: 600 },
        { id: 2, operatorId: 1, vehicleClass: 'bus', code: 'LONG', distanceKm: 1_500 },
      ],
      stops: [
        { routeId: 1, stopIndex: 0, stationId: 10, arrivalOffsetMin: 0, departureOffsetMin: 0 },
        { routeId: 1, stopIndex: 1, stationId: 20, arrivalOffsetMin: 175, departureOffsetMin: 180 },
        { routeId: 1, stopIndex: 2, stationId: 30, arrivalOffsetMin: 600, departureOffsetMin: 600 },
        { routeId: 2, stopIndex: 0, stationId: 30, arrivalOffsetMin: 0, departureOffsetMin: 0 },
        { routeId: 2, stopIndex: 1, stationId: 40, arrivalOffsetMin: 33 * 60, departureOffsetMin: 33 * 60 },
      ],
      // Weekday bit 0 is Monday.
      schedules: [schedule(1, 1, 22 * 60, 1), schedule(2, 2, 9 * 60, 127)],
      options: [option(1), option(2)],
      fx: [{ currency: 'USD', perUsd: 1, minorUnits: 2 }],
      rules: [],
      inventory: [],
    },
    Date.UTC(2025, 5, 1),
  );
}

describe('overnight and multi-day journeys (issue 20, item 4)', () => {
  const TUESDAY = FIRST_DAY + 2; // 2025-06-03; the night train left place 1 on Monday the 2nd
  const query = (from: number, to: number, day: number) => ({
    originStations: new Set([from * 10]),
    destinationStations: new Set([to * 10]),
    day,
    maxChanges: MAX_CHANGES,
  });

  it('boards a night train that left the day before and passes the origin after midnight', () => {
    const expected = [{ dep: bangkok(TUESDAY, 1), arr: bangkok(TUESDAY, 8), changes: 0 }];
    const index = overnightNetwork();
    expect(referenceSearch(index, query(2, 3, TUESDAY))).toEqual(expected);
    expect(asFront(fastestJourneys(index, query(2, 3, TUESDAY)))).toEqual(expected);
    // On Monday the train passes place 2 only after midnight, so on Tuesday's date: no journey.
    expect(asFront(fastestJourneys(index, query(2, 3, TUESDAY - 1)))).toEqual([]);
  });

  it('changes to a 33-hour coach and arrives the day after next', () => {
    const expected = [{ dep: bangkok(TUESDAY, 1), arr: bangkok(TUESDAY + 1, 18), changes: 1 }];
    const index = overnightNetwork();
    expect(referenceSearch(index, query(2, 4, TUESDAY))).toEqual(expected);
    const [journey] = fastestJourneys(index, query(2, 4, TUESDAY));
    expect(asFront(journey ? [journey] : [])).toEqual(expected);
    // The train's leg belongs to Monday's service day, the coach's to Tuesday's.
    expect(journey?.legs.map((l) => l.serviceDay)).toEqual([TUESDAY - 1, TUESDAY]);
  });
});
