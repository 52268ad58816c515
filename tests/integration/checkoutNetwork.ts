/**
 * A three-station network for the checkout suites, small enough to reason about seat by seat:
 * a bus from Bangkok to Chumphon pier town and a boat on to Koh Tao (a connection), each with
 * a configurable number of seats, priced in THB, running daily through 2025.
 */
import type { Db } from '../../src/server/db/client.ts';
import {
  countries,
  fxRates,
  inventoryVersion,
  operators,
  places,
  provinces,
  routeStops,
  routes,
  schedules,
  stations,
  travelOptions,
  vehicleClasses,
} from '../../src/server/db/schema.ts';

export const TODAY = '2025-06-02';
/** 09:00 in Bangkok on TODAY. */
export const NOW = Date.UTC(2025, 5, 2, 2);
export const TRAVEL_DATE = '2025-06-04';
/** Booking URIs (without /{lang}/add-to-cart/) of the bus, the boat and the bus + boat. */
export const BUS = `1.10.20.${TRAVEL_DATE}/1`;
export const BOAT = `2.20.30.${TRAVEL_DATE}/2`;
export const BUS_THEN_BOAT = `1.10.20.${TRAVEL_DATE}~2.20.30.${TRAVEL_DATE}/1+2`;
export const RETURN_BUS = `3.20.10.2025-06-06/3`;

export async function insertCheckoutNetwork(db: Db, seats: { bus: number; boat: number }): Promise<void> {
  const names = (en: string) => ({ en });
  await db.insert(countries).values({ code: 'TH', slug: 'thailand', names: names('Thailand'), currency: 'THB' });
  await db.insert(provinces).values({ id: 1, slug: 'th-all', countryCode: 'TH', names: names('Thailand') });
  await db.insert(places).values([
    {
      id: 1,
      slug: 'bangkok',
      kind: 'city',
      names: names('Bangkok'),
      lat: 13.75,
      lon: 100.5,
      timeZone: 'Asia/Bangkok',
      provinceId: 1,
      countryCode: 'TH',
    },
    {
      id: 2,
      slug: 'chumphon',
      kind: 'city',
      names: names('Chumphon'),
      lat: 10.49,
      lon: 99.18,
      timeZone: 'Asia/Bangkok',
      provinceId: 1,
      countryCode: 'TH',
    },
    {
      id: 3,
      slug: 'koh-tao',
      kind: 'island',
      names: names('Koh Tao'),
      lat: 10.09,
      lon: 99.84,
      timeZone: 'Asia/Bangkok',
      provinceId: 1,
      countryCode: 'TH',
    },
  ]);
  await db.insert(stations).values([
    { id: 10, slug: 'mo-chit', kind: 'bus_terminal', names: { en: 'Mo Chit', th: 'หมอชิต' }, lat: 13.81, lon: 100.55, placeId: 1 },
    { id: 20, slug: 'chumphon-pier', kind: 'pier', names: names('Chumphon Pier'), lat: 10.45, lon: 99.25, placeId: 2 },
    { id: 30, slug: 'mae-haad', kind: 'pier', names: names('Mae Haad Pier'), lat: 10.09, lon: 99.83, placeId: 3 },
  ]);
  await db.insert(vehicleClasses).values([
    { id: 'bus', tabIndex: 0 },
    { id: 'ferry', tabIndex: 1 },
  ]);
  await db.insert(operators).values([
    {
      id: 1,
      slug: 'green-bus',
      name: 'Green Bus',
      logo: '',
      vehicleClasses: ['bus'],
      confirmation: 'instant',
      currency: 'THB',
      countryCode: 'TH',
    },
    {
      id: 2,
      slug: 'island-boats',
      name: 'Island Boats',
      logo: '',
      vehicleClasses: ['ferry'],
      confirmation: 'manual',
      currency: 'THB',
      countryCode: 'TH',
    },
  ]);
  await db.insert(routes).values([
    { id: 1, operatorId: 1, vehicleClass: 'bus', code: 'B1', distanceKm: 460 },
    { id: 2, operatorId: 2, vehicleClass: 'ferry', code: 'F2', distanceKm: 70 },
    { id: 3, operatorId: 1, vehicleClass: 'bus', code: 'B3', distanceKm: 460 },
  ]);
  await db.insert(routeStops).values([
    { routeId: 1, stopIndex: 0, stationId: 10, arrivalOffsetMin: 0, departureOffsetMin: 0 },
    { routeId: 1, stopIndex: 1, stationId: 20, arrivalOffsetMin: 420, departureOffsetMin: 420 },
    { routeId: 2, stopIndex: 0, stationId: 20, arrivalOffsetMin: 0, departureOffsetMin: 0 },
    { routeId: 2, stopIndex: 1, stationId: 30, arrivalOffsetMin: 120, departureOffsetMin: 120 },
    { routeId: 3, stopIndex: 0, stationId: 20, arrivalOffsetMin: 0, departureOffsetMin: 0 },
    { routeId: 3, stopIndex: 1, stationId: 10, arrivalOffsetMin: 420, departureOffsetMin: 420 },
  ]);
  await db.insert(schedules).values([
    { id: 1, routeId: 1, departureMinute: 21 * 60, validFrom: '2025-01-01', validTo: '2025-12-31' },
    { id: 2, routeId: 2, departureMinute: 7 * 60, validFrom: '2025-01-01', validTo: '2025-12-31' },
    { id: 3, routeId: 3, departureMinute: 9 * 60, validFrom: '2025-01-01', validTo: '2025-12-31' },
  ]);
  await db.insert(travelOptions).values([
    {
      id: 1,
      routeId: 1,
      className: 'VIP 24',
      priceMinor: 90_000,
      currency: 'THB',
      seatsPerDeparture: seats.bus,
      confirmation: 'instant',
      bookingCutoffMin: 60,
      fullRefundHours: 24,
    },
    {
      id: 2,
      routeId: 2,
      className: 'Speed boat',
      priceMinor: 60_000,
      currency: 'THB',
      seatsPerDeparture: seats.boat,
      confirmation: 'manual',
      bookingCutoffMin: 60,
    },
    {
      id: 3,
      routeId: 3,
      className: 'VIP 24',
      priceMinor: 90_000,
      currency: 'THB',
      seatsPerDeparture: 40,
      confirmation: 'instant',
      bookingCutoffMin: 60,
      fullRefundHours: 24,
    },
  ]);
  await db.insert(fxRates).values([
    { currency: 'USD', perUsd: 1, minorUnits: 2 },
    { currency: 'THB', perUsd: 35, minorUnits: 2 },
  ]);
  await db.insert(inventoryVersion).values({ id: 1, version: 1 });
}
