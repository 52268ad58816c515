/**
 * A tiny hand-made network for the engine's unit tests: Bangkok, Chumphon, Koh Tao and
 * Chiang Mai, with a night bus + morning ferry to the island and a train and a weekday flight
 * to the north. Small enough to know every right answer by heart.
 */
import { buildTimetableIndex, type TimetableIndex, type TimetableRows } from './timetable.ts';

const TZ = 'Asia/Bangkok';
const place = (id: number, slug: string, en: string, lat: number, lon: number) => ({
  id,
  slug,
  kind: 'city',
  names: { en },
  lat,
  lon,
  timeZone: TZ,
  countryCode: 'TH',
  popularity: 50,
});
const station = (id: number, placeId: number, kind: TimetableRows['stations'][number]['kind'], lat: number, lon: number) => ({
  id,
  slug: `s${id}`,
  kind,
  names: { en: `Station ${id}` },
  lat,
  lon,
  placeId,
  code: null,
});
const option = (id: number, routeId: number, priceMinor: number, over: Partial<TimetableRows['options'][number]> = {}) => ({
  id,
  routeId,
  className: `Class ${id}`,
  priceMinor,
  currency: 'THB',
  seats: 40,
  features: ['wifi'],
  fullRefundHours: 24,
  confirmation: 'instant' as const,
  cutoffMin: 60,
  ...over,
});

export function testRows(): TimetableRows {
  return {
    version: 1,
    places: [
      place(1, 'bangkok', 'Bangkok', 13.75, 100.5),
      place(2, 'chumphon', 'Chumphon', 10.49, 99.18),
      place(3, 'koh-tao', 'Koh Tao', 10.09, 99.84),
      place(4, 'chiang-mai', 'Chiang Mai', 18.79, 98.98),
      place(5, 'nowhere', 'Nowhere', 15, 101),
    ],
    stations: [
      station(10, 1, 'bus_terminal', 13.81, 100.55),
      station(11, 1, 'railway_station', 13.8, 100.54),
      station(12, 1, 'airport', 13.69, 100.75),
      station(20, 2, 'bus_terminal', 10.5, 99.17),
      station(21, 2, 'pier', 10.45, 99.25),
      station(30, 3, 'pier', 10.09, 99.83),
      station(41, 4, 'railway_station', 18.78, 99.02),
      station(42, 4, 'airport', 18.77, 98.96),
      station(50, 5, 'bus_terminal', 15, 101),
    ],
    operators: [1, 2, 3, 4].map((id) => ({
      id,
      slug: `op${id}`,
      name: `Operator ${id}`,
      logo: '',
      rating: 4 + id / 10,
      reviewCount: 10 * id,
      confirmation: id === 2 ? ('manual' as const) : ('instant' as const),
      currency: 'THB',
      vehicleClasses: [],
    })),
    routes: [
      { id: 1, operatorId: 1, vehicleClass: 'bus', code: 'B1', distanceKm: 460 },
      { id: 2, operatorId: 2, vehicleClass: 'ferry', code: 'F2', distanceKm: 70 },
      { id: 3, operatorId: 2, vehicleClass: 'ferry', code: 'F3', distanceKm: 70 },
      { id: 4, operatorId: 3, vehicleClass: 'train', code: 'T4', distanceKm: 750 },
      { id: 5, operatorId: 4, vehicleClass: 'avia', code: 'A5', distanceKm: 600 },
    ],
    stops: [
      { routeId: 1, stopIndex: 0, stationId: 10, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: 1, stopIndex: 1, stationId: 20, arrivalOffsetMin: 420, departureOffsetMin: 420 },
      { routeId: 2, stopIndex: 0, stationId: 21, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: 2, stopIndex: 1, stationId: 30, arrivalOffsetMin: 120, departureOffsetMin: 120 },
      { routeId: 3, stopIndex: 0, stationId: 21, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: 3, stopIndex: 1, stationId: 30, arrivalOffsetMin: 120, departureOffsetMin: 120 },
      { routeId: 4, stopIndex: 0, stationId: 11, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: 4, stopIndex: 1, stationId: 41, arrivalOffsetMin: 660, departureOffsetMin: 660 },
      { routeId: 5, stopIndex: 0, stationId: 12, arrivalOffsetMin: 0, departureOffsetMin: 0 },
      { routeId: 5, stopIndex: 1, stationId: 42, arrivalOffsetMin: 70, departureOffsetMin: 70 },
    ],
    schedules: [
      { id: 1, routeId: 1, departureMinute: 21 * 60, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31', timesConfirmed: true },
      { id: 2, routeId: 2, departureMinute: 7 * 60, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31', timesConfirmed: false },
      // Leaves 30 minutes after the bus arrives: too tight for a change to a boat.
      {
        id: 3,
        routeId: 3,
        departureMinute: 4 * 60 + 30,
        weekdays: 127,
        validFrom: '2025-01-01',
        validTo: '2025-12-31',
        timesConfirmed: true,
      },
      { id: 4, routeId: 4, departureMinute: 8 * 60, weekdays: 127, validFrom: '2025-01-01', validTo: '2025-12-31', timesConfirmed: true },
      { id: 5, routeId: 5, departureMinute: 10 * 60, weekdays: 31, validFrom: '2025-01-01', validTo: '2025-12-31', timesConfirmed: true },
      {
        id: 6,
        routeId: 4,
        departureMinute: 23 * 60 + 30,
        weekdays: 127,
        validFrom: '2025-01-01',
        validTo: '2025-12-31',
        timesConfirmed: true,
      },
    ],
    options: [
      option(1, 1, 60_000),
      option(2, 2, 70_000, { confirmation: 'manual', fullRefundHours: null }),
      option(3, 3, 50_000),
      option(4, 4, 90_000),
      option(5, 4, 150_000, { className: 'Sleeper' }),
      option(6, 5, 175_000, { features: [] }),
    ],
    fx: [
      { currency: 'USD', perUsd: 1, minorUnits: 2 },
      { currency: 'THB', perUsd: 35, minorUnits: 2 },
      { currency: 'VND', perUsd: 25_000, minorUnits: 0 },
    ],
    rules: [
      {
        id: 1,
        kind: 'early_booking',
        operatorId: null,
        vehicleClass: 'train',
        minDaysAhead: 7,
        discountPct: 10,
        validFrom: null,
        validTo: null,
      },
    ],
    inventory: [{ scheduleId: 4, travelOptionId: 5, serviceDate: '2025-03-12', seatsLeft: 1 }],
  };
}

export function testIndex(): TimetableIndex {
  return buildTimetableIndex(testRows(), Date.UTC(2025, 2, 1));
}
