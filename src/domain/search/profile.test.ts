import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHANGES } from './journeyRules.ts';
import { fastestJourneys, profileNetwork } from './profile.ts';
import { referenceSearch, unmatched } from './reference.ts';
import { FIRST_DAY, RANDOM_NETWORK_NOW, randomNetwork, randomNetworkRows } from './randomNetwork.ts';
import { buildTimetableIndex, type StationKind, type TimetableIndex, type TimetableRows } from './timetable.ts';
import type { Journey } from './connections.ts';
import { findJourneys, nextDates, search, type SearchEngine } from './search.ts';
import { fromDayNumber } from './dates.ts';

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

describe('what the engine keeps per destination (bounds, reach)', () => {
  it('answers a query the same whatever was asked before it: fewer changes, the whole place or one of its stations', () => {
    const key = (journeys: ReturnType<typeof fastestJourneys>) =>
      journeys.map((j) => j.legs.map((l) => `${l.route.id}/${l.schedule.id}/${l.board}-${l.alight}@${l.serviceDay}`).join(' '));
    let compared = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 13 }),
        fc.boolean(),
        (seed, dayOffset, stationsFirst) => {
          const index = randomNetwork(seed);
          const placeIds = [...index.places.keys()];
          for (const from of placeIds)
            for (const to of placeIds) {
              if (from === to) continue;
              const originStations = new Set(index.places.get(from)?.stationIds);
              const day = FIRST_DAY + dayOffset;
              const wholePlace = new Set(index.places.get(to)?.stationIds);
              // On the shared network a destination's kept bounds and reach are filled by whichever
              // query comes first — one change only, the whole place or one of its stations — and
              // read by the others; a copy of the index has a network of its own, with nothing kept.
              const placeQueries = () => {
                for (const maxChanges of [1, MAX_CHANGES, 2]) {
                  const query = { originStations, destinationStations: wholePlace, day, maxChanges };
                  const warm = fastestJourneys(index, query);
                  expect(
                    unmatched(referenceSearch(index, query), asFront(warm)),
                    `${from} → ${to}, ${maxChanges} changes, seed ${seed}`,
                  ).toEqual([]);
                }
              };
              const stationQueries = () => {
                for (const station of wholePlace) {
                  const query = { originStations, destinationStations: new Set([station]), day, maxChanges: MAX_CHANGES };
                  const warm = fastestJourneys(index, query);
                  expect(key(warm), `${from} → station ${station}, seed ${seed}`).toEqual(key(fastestJourneys({ ...index }, query)));
                  expect(unmatched(referenceSearch(index, query), asFront(warm)), `${from} → station ${station}, seed ${seed}`).toEqual([]);
                  if (warm.length > 0) compared++;
                }
              };
              if (stationsFirst) stationQueries();
              placeQueries();
              if (!stationsFirst) stationQueries();
            }
        },
      ),
      { numRuns: 20 },
    );
    expect(compared).toBeGreaterThan(50);
  });
});

/** Bangkok time: local minute m of day d is d·1440 + m − 420 in absolute minutes. */
const bangkok = (day: number, hour: number, minute = 0) => day * 1440 + hour * 60 + minute - 420;

/** One route of a tiny network: its class, stops (place, arrival and departure offsets), first departure and weekdays (bit 0: Monday). */
interface TinyRoute {
  vehicleClass: 'train' | 'bus' | 'ferry';
  stops: [place: number, arr: number, dep: number][];
  departureMinute: number;
  weekdays: number;
}

/** Places 1…n in Bangkok's zone, one station each (station id = place · 10), and the given routes. */
function tinyNetwork(placeCount: number, routes: readonly TinyRoute[], stationKind: (place: number) => StationKind): TimetableIndex {
  const places = Array.from({ length: placeCount }, (_, i) => ({
    id: i + 1,
    slug: `p${i + 1}`,
    kind: 'city',
    names: { en: `Place ${i + 1}` },
    lat: 14 + i,
    lon: 100,
    timeZone: 'Asia/Bangkok',
    countryCode: 'TH',
    popularity: 1,
  }));
  const stations = places.map((p) => ({
    id: p.id * 10,
    slug: `s${p.id}`,
    kind: stationKind(p.id),
    names: { en: `Station ${p.id}` },
    lat: p.lat,
    lon: p.lon,
    placeId: p.id,
    code: null,
  }));
  const ids = routes.map((_, i) => i + 1);
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
      routes: routes.map((r, i) => ({ id: i + 1, operatorId: 1, vehicleClass: r.vehicleClass, code: `R${i + 1}`, distanceKm: 300 })),
      stops: routes.flatMap((r, i) =>
        r.stops.map(([place, arr, dep], stopIndex) => ({
          routeId: i + 1,
          stopIndex,
          stationId: place * 10,
          arrivalOffsetMin: arr,
          departureOffsetMin: dep,
        })),
      ),
      schedules: routes.map((r, i) => ({
        id: i + 1,
        routeId: i + 1,
        departureMinute: r.departureMinute,
        weekdays: r.weekdays,
        validFrom: '2025-05-01',
        validTo: '2025-08-31',
        timesConfirmed: true,
      })),
      options: ids.map((id) => ({
        id,
        routeId: id,
        className: 'Standard',
        priceMinor: 2_000,
        currency: 'USD',
        seats: 10,
        features: [],
        fullRefundHours: null,
        confirmation: 'instant' as const,
        cutoffMin: 0,
      })),
      fx: [{ currency: 'USD', perUsd: 1, minorUnits: 2 }],
      rules: [],
      inventory: [],
    },
    Date.UTC(2025, 5, 1),
  );
}

/**
 * Four places on a line: a night train leaves place 1 on Mondays at 22:00, calls at place 2 at
 * 01:00 and reaches place 3 at 08:00; a 33-hour coach leaves place 3 daily at 09:00 for place 4.
 */
function overnightNetwork(): TimetableIndex {
  return tinyNetwork(
    4,
    [
      {
        vehicleClass: 'train',
        stops: [
          [1, 0, 0],
          [2, 175, 180],
          [3, 600, 600],
        ],
        departureMinute: 22 * 60,
        weekdays: 1,
      },
      {
        vehicleClass: 'bus',
        stops: [
          [3, 0, 0],
          [4, 33 * 60, 33 * 60],
        ],
        departureMinute: 9 * 60,
        weekdays: 127,
      },
    ],
    (place) => (place === 4 ? 'bus_terminal' : 'railway_station'),
  );
}

describe('what the engine keeps per destination, when a query cannot arrive', () => {
  it('keeps nothing for an origin no vehicle leads from towards the destination', () => {
    const index = overnightNetwork();
    const net = profileNetwork(index);
    // Nothing runs from place 4 back towards place 1: the query ends before reading a reach.
    const back = { originStations: new Set([40]), destinationStations: new Set([10]), day: FIRST_DAY + 2, maxChanges: MAX_CHANGES };
    expect(fastestJourneys(index, back)).toEqual([]);
    expect(net.reaches.size).toBe(0);
    // A query that can arrive keeps its destination's reach.
    fastestJourneys(index, { ...back, originStations: new Set([20]), destinationStations: new Set([40]) });
    expect(net.reaches.size).toBe(1);
  });
});

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

/**
 * Island 1, place 2 across the water, mainland 3. Boats 1 → 2 daily 09:00–11:00 and back 2 → 1
 * daily 07:00–09:00; the boat 1 → 3 runs Wednesdays only, 10:00–11:30; a boat 2 → 3 on
 * Wednesdays 08:00–11:30.
 */
function islandNetwork(): TimetableIndex {
  const WEDNESDAY = 1 << 2;
  return tinyNetwork(
    3,
    [
      {
        vehicleClass: 'ferry',
        stops: [
          [1, 0, 0],
          [2, 120, 120],
        ],
        departureMinute: 9 * 60,
        weekdays: 127,
      },
      {
        vehicleClass: 'ferry',
        stops: [
          [2, 0, 0],
          [1, 120, 120],
        ],
        departureMinute: 7 * 60,
        weekdays: 127,
      },
      {
        vehicleClass: 'ferry',
        stops: [
          [1, 0, 0],
          [3, 90, 90],
        ],
        departureMinute: 10 * 60,
        weekdays: WEDNESDAY,
      },
      {
        vehicleClass: 'ferry',
        stops: [
          [2, 0, 0],
          [3, 210, 210],
        ],
        departureMinute: 8 * 60,
        weekdays: WEDNESDAY,
      },
    ],
    () => 'pier',
  );
}

describe('journeys a later departure beats are no answers (the Koh Lipe → Pak Bara defect)', () => {
  const MONDAY = FIRST_DAY + 1; // 2025-06-02
  const WEDNESDAY = MONDAY + 2;
  const query = (day: number) => ({
    originStations: new Set([10]),
    destinationStations: new Set([30]),
    day,
    maxChanges: MAX_CHANGES,
  });

  it("on Monday offers neither the loop back through the island nor the wait at place 2: Wednesday's boat arrives as early", () => {
    const index = islandNetwork();
    // Monday 09:00 to place 2, Tuesday's boat back to the island, Wednesday's boat to 3: a loop.
    // Monday 09:00 to place 2 and Wednesday's boat from there: the direct boat leaves later.
    for (const day of [MONDAY, MONDAY + 1]) {
      expect(referenceSearch(index, query(day))).toEqual([]);
      expect(asFront(fastestJourneys(index, query(day)))).toEqual([]);
      expect(
        findJourneys(index, {
          from: { kind: 'place', id: 1 },
          to: { kind: 'place', id: 3 },
          date: fromDayNumber(day),
          classes: 'all',
          engine: 'fastest',
        }),
      ).toEqual([]);
    }
    const direct = [{ dep: bangkok(WEDNESDAY, 10), arr: bangkok(WEDNESDAY, 11, 30), changes: 0 }];
    expect(referenceSearch(index, query(WEDNESDAY))).toEqual(direct);
    expect(asFront(fastestJourneys(index, query(WEDNESDAY)))).toEqual(direct);
    // The dates offered next are dates with trips.
    expect(
      nextDates(index, {
        engine: 'fastest',
        from: { kind: 'place', id: 1 },
        to: { kind: 'place', id: 3 },
        date: fromDayNumber(MONDAY - 1),
        classes: ['ferry'],
      }),
    ).toEqual([fromDayNumber(WEDNESDAY), fromDayNumber(WEDNESDAY + 7), fromDayNumber(WEDNESDAY + 14)]);
  });
});

describe('equally good journeys (same departure, arrival and changes)', () => {
  /**
   * The network again with every id renumbered in reverse and every list reversed — what a
   * re-import (the GTFS round trip) does to a network whose content is the same.
   */
  function renumbered(rows: TimetableRows): TimetableRows {
    const flip = (id: number) => 1_000_000 - id;
    return {
      ...rows,
      places: rows.places.map((p) => ({ ...p, id: flip(p.id) })).reverse(),
      stations: rows.stations.map((s) => ({ ...s, id: flip(s.id), placeId: flip(s.placeId) })).reverse(),
      routes: rows.routes.map((r) => ({ ...r, id: flip(r.id) })).reverse(),
      stops: rows.stops.map((s) => ({ ...s, routeId: flip(s.routeId), stationId: flip(s.stationId) })).reverse(),
      schedules: rows.schedules.map((s) => ({ ...s, id: flip(s.id), routeId: flip(s.routeId) })).reverse(),
      options: rows.options.map((o) => ({ ...o, id: flip(o.id), routeId: flip(o.routeId) })).reverse(),
    };
  }

  /**
   * Each route doubled by a twin with another code, leaving and arriving at the same minutes,
   * from another station of the same place where there is one: journeys tie everywhere.
   */
  function withTwins(rows: TimetableRows): TimetableRows {
    const sibling = new Map<number, number>();
    for (const place of rows.places) {
      const own = rows.stations.filter((s) => s.placeId === place.id).map((s) => s.id);
      own.forEach((id, i) => sibling.set(id, own[(i + 1) % own.length] ?? id));
    }
    const twin = (id: number) => id + 100_000;
    return {
      ...rows,
      routes: [...rows.routes, ...rows.routes.map((r) => ({ ...r, id: twin(r.id), code: `${r.code}-twin` }))],
      stops: [
        ...rows.stops,
        ...rows.stops.map((s) => ({ ...s, routeId: twin(s.routeId), stationId: sibling.get(s.stationId) ?? s.stationId })),
      ],
      schedules: [...rows.schedules, ...rows.schedules.map((s) => ({ ...s, id: twin(s.id), routeId: twin(s.routeId) }))],
      options: [...rows.options, ...rows.options.map((o) => ({ ...o, id: twin(o.id), routeId: twin(o.routeId) }))],
    };
  }

  /**
   * A day's journeys as a traveller reads them (route codes, stations, minutes; no ids): the
   * engine's, a whole search's with either engine, and the priced trips in the order listed.
   */
  function answersBySlug(
    index: TimetableIndex,
    from: string,
    to: string,
    day: number,
  ): Record<'engine' | SearchEngine | 'listed', string[]> {
    const place = (slug: string) => index.places.get(index.placesBySlug.get(slug)?.id ?? -1);
    const slug = (station: number | undefined) => index.stations.get(station ?? -1)?.slug;
    const read = (journeys: readonly Journey[]) =>
      journeys.map((j) =>
        j.legs
          .map(
            (l) =>
              `${l.route.code} ${slug(l.route.stops[l.board]?.stationId)} ${l.dep} → ${slug(l.route.stops[l.alight]?.stationId)} ${l.arr}`,
          )
          .join(', '),
      );
    const engine = fastestJourneys(index, {
      originStations: new Set(place(from)?.stationIds),
      destinationStations: new Set(place(to)?.stationIds),
      day,
      maxChanges: MAX_CHANGES,
    });
    const journeys = (engine: SearchEngine) =>
      read(
        findJourneys(index, {
          from: { kind: 'place', id: place(from)?.id ?? -1 },
          to: { kind: 'place', id: place(to)?.id ?? -1 },
          date: fromDayNumber(day),
          classes: 'all',
          engine,
        }),
      ).sort();
    const listed = search(index, {
      from: { kind: 'place', id: place(from)?.id ?? -1 },
      to: { kind: 'place', id: place(to)?.id ?? -1 },
      date: fromDayNumber(day),
      classes: 'all',
      people: 1,
      currency: 'USD',
      now: RANDOM_NETWORK_NOW,
    }).trips.map((t) => t.segments.map((g) => `${g.route_code} ${g.dep_time} → ${g.arr_time}`).join(', '));
    return { engine: read(engine), fastest: journeys('fastest'), classic: journeys('classic'), listed };
  }

  it('are chosen by what they are, not by database ids: a renumbered copy of the network gives the same journeys', () => {
    let ties = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 0, max: 13 }), (seed, dayOffset) => {
        const rows = withTwins(randomNetworkRows(seed));
        const index = buildTimetableIndex(rows, RANDOM_NETWORK_NOW);
        const copy = buildTimetableIndex(renumbered(rows), RANDOM_NETWORK_NOW);
        const slugs = rows.places.map((p) => p.slug);
        for (const from of slugs)
          for (const to of slugs) {
            if (from === to) continue;
            const day = FIRST_DAY + dayOffset;
            const answers = answersBySlug(index, from, to, day);
            expect(answersBySlug(copy, from, to, day), `${from} → ${to}, seed ${seed}`).toEqual(answers);
            ties += answers.engine.length;
          }
      }),
      { numRuns: 30, examples: [[468139349, 13]] },
    );
    expect(ties).toBeGreaterThan(100);
  });
});
