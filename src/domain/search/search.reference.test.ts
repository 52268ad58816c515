/**
 * Issue 20: the journeys a search answers with (findJourneys — what travellers see) against the
 * exhaustive reference search, on random networks: for every place pair, date, class and time
 * window, no journey on the reference's Pareto front of (leave later, arrive earlier, fewer
 * changes) is missing, within MAX_CHANGES (3) changes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromDayNumber } from './dates.ts';
import { MAX_CHANGES, searchWindow } from './journeyRules.ts';
import { FIRST_DAY, randomNetwork } from './randomNetwork.ts';
import { referenceSearch, unmatched, type ReferenceJourney } from './reference.ts';
import { findJourneys, nextDates } from './search.ts';
import { VEHICLE_CLASSES, type ClassFilter, type VehicleClass } from './vehicleClasses.ts';

const asFront = (journeys: ReturnType<typeof findJourneys>): ReferenceJourney[] =>
  journeys.map((j) => ({ dep: j.dep, arr: j.arr, changes: j.legs.length - 1 }));

describe('search answers against the exhaustive reference, on random networks', () => {
  it('misses no journey of the Pareto front, with any class, depart-after and arrive-by, and every answer is a real journey', () => {
    let compared = 0;
    let withTimes = 0;
    const failures: string[] = [];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 13 }),
        fc.constantFrom<'all' | VehicleClass>('all', 'all', 'all', ...VEHICLE_CLASSES),
        fc.option(fc.integer({ min: 0, max: 1439 }), { nil: undefined }),
        fc.option(fc.integer({ min: 360, max: 3 * 1440 }), { nil: undefined }),
        (seed, dayOffset, onlyClass, afterMinute, byMinute) => {
          const classes: ClassFilter = onlyClass === 'all' ? 'all' : [onlyClass];
          const index = randomNetwork(seed);
          const day = FIRST_DAY + dayOffset;
          const placeIds = [...index.places.keys()];
          for (const from of placeIds)
            for (const to of placeIds) {
              const origin = index.places.get(from);
              const destination = index.places.get(to);
              if (from === to || !origin || !destination) continue;
              // Local minutes of the asked date at the origin (depart after) and at the destination (arrive by).
              const departAfter = afterMinute === undefined ? undefined : day * 1440 + afterMinute - origin.utcOffsetMin;
              const arriveBy = byMinute === undefined ? undefined : day * 1440 + byMinute - destination.utcOffsetMin;
              const times = {
                ...(departAfter !== undefined ? { departAfter } : {}),
                ...(arriveBy !== undefined ? { arriveBy } : {}),
              };
              const reference = referenceSearch(index, {
                originStations: new Set(origin.stationIds),
                destinationStations: new Set(destination.stationIds),
                day,
                maxChanges: MAX_CHANGES,
                ...(onlyClass === 'all' ? {} : { classes: new Set([onlyClass]) }),
                ...times,
              });
              const found = asFront(
                findJourneys(index, {
                  engine: 'fastest',
                  from: { kind: 'place', id: from },
                  to: { kind: 'place', id: to },
                  date: fromDayNumber(day),
                  classes,
                  ...times,
                }),
              );
              const missed = unmatched(reference, found);
              if (missed.length > 0)
                failures.push(`seed ${seed}, day ${day}, ${from} → ${to}, ${JSON.stringify({ classes, ...times, missed })}`);
              // Every connection within the reference's window is a real journey: the reference has one
              // as good. (Direct trips are the day's departures, shown even when one leaving after the
              // day arrives as early; the reference leaves those out.)
              const window = searchWindow(day, origin.utcOffsetMin, times);
              const inWindow = found.filter((f) => f.arr <= window.horizon && f.changes > 0);
              expect(unmatched(inWindow, reference), `${from} → ${to}, seed ${seed}: not a real journey`).toEqual([]);
              // Nothing outside the asked times.
              for (const f of found) {
                expect(f.dep).toBeGreaterThanOrEqual(departAfter ?? -Infinity);
                expect(f.arr).toBeLessThanOrEqual(arriveBy ?? Infinity);
              }
              if (reference.length > 0) {
                compared++;
                if (departAfter !== undefined || arriveBy !== undefined) withTimes++;
              }
            }
        },
      ),
      { numRuns: 250 },
    );
    expect(failures.slice(0, 5), `${failures.length} of ${compared} connected queries where the reference finds a better journey`).toEqual(
      [],
    );
    expect(compared).toBeGreaterThan(200);
    expect(withTimes).toBeGreaterThan(20);
  });
});

describe('next dates on random networks', () => {
  it('are exactly the next days on which a search finds a journey (the one-run existence check agrees with the whole search)', () => {
    let listed = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.constantFrom<'all' | VehicleClass>('all', ...VEHICLE_CLASSES),
        (seed, onlyClass) => {
          const index = randomNetwork(seed);
          const classes: ClassFilter = onlyClass === 'all' ? 'all' : [onlyClass];
          const placeIds = [...index.places.keys()];
          for (const from of placeIds)
            for (const to of placeIds) {
              if (from === to) continue;
              const q = {
                from: { kind: 'place' as const, id: from },
                to: { kind: 'place' as const, id: to },
                date: fromDayNumber(FIRST_DAY),
                classes,
                engine: 'fastest' as const,
              };
              const expected: string[] = [];
              for (let d = FIRST_DAY + 1; d <= FIRST_DAY + 10 && expected.length < 3; d++) {
                const date = fromDayNumber(d);
                if (findJourneys(index, { ...q, date }).length > 0) expected.push(date);
              }
              expect(nextDates(index, q, 3, 10), `${from} → ${to}, seed ${seed}`).toEqual(expected);
              listed += expected.length;
            }
        },
      ),
      { numRuns: 25 },
    );
    expect(listed).toBeGreaterThan(50);
  });
});
