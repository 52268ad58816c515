/**
 * One trip by its key (the `key` of a search result), with every stop of every leg — what the
 * trip page and the cart show. Keys are `scheduleId.boardStationId.alightStationId.serviceDate`
 * per leg, joined by `~`, so a trip can be found again without storing search results.
 */
import { journeyOf } from './connections.ts';
import { dayNumber } from './dates.ts';
import { priceJourneys } from './search.ts';
import { runsOn, type Leg, type RouteNode, type ScheduleNode, type TimetableIndex } from './timetable.ts';
import { localDateTime, type Trip } from './trips.ts';

const schedulesCache = new WeakMap<TimetableIndex, Map<number, { route: RouteNode; schedule: ScheduleNode }>>();

function scheduleLookup(index: TimetableIndex) {
  let map = schedulesCache.get(index);
  if (!map) {
    map = new Map();
    for (const route of index.routes) for (const schedule of route.schedules) map.set(schedule.id, { route, schedule });
    schedulesCache.set(index, map);
  }
  return map;
}

export function legFromKey(index: TimetableIndex, key: string): Leg | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)\.(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!match) return undefined;
  const found = scheduleLookup(index).get(Number(match[1]));
  const serviceDay = dayNumber(match[4] ?? '');
  if (!found || serviceDay === undefined || !runsOn(found.schedule, serviceDay)) return undefined;
  const { route, schedule } = found;
  const board = route.stops.findIndex((s) => s.stationId === Number(match[2]));
  const alight = route.stops.findIndex((s, i) => i > board && s.stationId === Number(match[3]));
  const boardStop = route.stops[board];
  const alightStop = route.stops[alight];
  if (board < 0 || !boardStop || !alightStop) return undefined;
  const start = serviceDay * 1440 + schedule.departureMinute - route.firstOffsetMin;
  return { route, schedule, board, alight, serviceDay, dep: start + boardStop.dep, arr: start + alightStop.arr };
}

export interface TripInfo {
  trip: Trip;
  stops: { segment: number; station: number; name: string; arr_time: string; dep_time: string }[][];
}

export function tripInfo(
  index: TimetableIndex,
  key: string,
  q: { people: number; currency: string; now: number; code: string },
): TripInfo | undefined {
  const legs = key.split('~').map((k) => legFromKey(index, k));
  if (legs.length === 0 || legs.some((l) => l === undefined)) return undefined;
  const journey = journeyOf(legs as Leg[]);
  const trip = priceJourneys(index, [journey], { people: q.people, currency: q.currency, now: q.now }).trips[0];
  if (!trip) return undefined;
  const stops = journey.legs.map((leg, segment) => {
    const start = leg.serviceDay * 1440 + leg.schedule.departureMinute - leg.route.firstOffsetMin;
    return leg.route.stops.slice(leg.board, leg.alight + 1).map((stop) => {
      const station = index.stations.get(stop.stationId);
      const offset = station?.utcOffsetMin ?? 0;
      return {
        segment,
        station: stop.stationId,
        name: station ? (station.names[q.code] ?? station.names.en) : '',
        arr_time: localDateTime(start + stop.arr, offset),
        dep_time: localDateTime(start + stop.dep, offset),
      };
    });
  });
  return { trip, stops };
}
