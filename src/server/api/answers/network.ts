/**
 * Success answers of the network content calls (SPEC §7: home, operators, operator, station,
 * travel/…, reviews), as server/network/api.ts builds them from the search index.
 */
import { z } from 'zod';
import { VEHICLE_CLASSES } from '../../../domain/search/vehicleClasses.ts';

const vehicleClass = z.enum(VEHICLE_CLASSES);
const hhmm = z.string().regex(/^\d{2}:\d{2}$/);

export const placeSummary = z.object({ id: z.number().int(), slug: z.string(), name: z.string(), countryCode: z.string() });
export const stationSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  kind: z.enum(['bus_terminal', 'pier', 'airport', 'railway_station', 'pickup_point']),
  name: z.string(),
  lat: z.number(),
  lon: z.number(),
  code: z.string().nullable(),
  placeId: z.number().int(),
  url: z.string(),
});
export const operatorSummary = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string(),
  rating: z.number().nullable(),
  reviewCount: z.number().int().min(0),
  confirmation: z.enum(['instant', 'manual']),
  vehclasses: z.array(vehicleClass),
  url: z.string(),
});
const review = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  routeId: z.number().int().nullable(),
  vehclass: vehicleClass,
  rating: z.number().int(),
  title: z.string(),
  body: z.string(),
  author: z.object({ name: z.string(), country: z.string() }),
  language: z.string(),
  travelDate: z.iso.date(),
});
const connection = z.object({
  toPlaceId: z.number().int(),
  perWeek: z.number().int(),
  minDurationMin: z.number().int(),
  operatorIds: z.array(z.number().int()),
  vehicleClasses: z.array(vehicleClass),
  to: placeSummary.nullable(),
});
const nearbyStation = stationSummary.extend({ km: z.number() });

const station = z.object({
  station: stationSummary,
  place: placeSummary.nullable(),
  departures: z.array(
    z.object({
      time: hhmm,
      weekdays: z.number().int(),
      routeId: z.number().int(),
      code: z.string(),
      operatorId: z.number().int(),
      vehclass: vehicleClass,
      toStationId: z.number().int(),
      durationMin: z.number().int(),
      approximate: z.boolean(),
    }),
  ),
  routes: z.array(connection),
  operators: z.array(operatorSummary),
  nearby: z.array(nearbyStation),
});

const reviewPage = z.object({
  total: z.number().int().min(0),
  limit: z.number().int().min(0),
  offset: z.number().int().min(0),
  pageAverage: z.number().nullable().meta({ description: "The average rating of this page's reviews; null for an empty page." }),
  reviews: z.array(review),
});

export const NETWORK_ANSWERS = {
  home: z.object({
    stats: z.object({ places: z.number().int(), stations: z.number().int(), operators: z.number().int() }),
    popularOperators: z.array(operatorSummary),
    popularPlaces: z.array(placeSummary),
    guides: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string(), url: z.string() })),
  }),
  operators: z.object({ operators: z.array(operatorSummary) }),
  operator: z.object({
    operator: operatorSummary,
    classes: z.array(z.string()),
    routes: z.array(
      z.object({
        routeId: z.number().int(),
        code: z.string(),
        vehclass: vehicleClass,
        from: placeSummary.nullable(),
        to: placeSummary.nullable(),
        durationMin: z.number().int(),
        perWeek: z.number().int(),
      }),
    ),
    reviews: z.object({ total: z.number().int().min(0), latest: z.array(review) }),
  }),
  operatorTimetable: z.object({
    operator: operatorSummary,
    timetable: z.array(
      z.object({
        routeId: z.number().int(),
        code: z.string(),
        vehicleClass: vehicleClass,
        fromStationId: z.number().int(),
        toStationId: z.number().int(),
        fromPlaceId: z.number().int(),
        toPlaceId: z.number().int(),
        durationMin: z.number().int(),
        services: z.array(z.object({ weekdays: z.number().int(), times: z.array(hhmm) })),
        from: stationSummary.nullable(),
        to: stationSummary.nullable(),
      }),
    ),
  }),
  station,
  stationNew: z.object({
    station: stationSummary,
    place: placeSummary.nullable(),
    destinations: z.array(
      z.object({
        to: stationSummary.nullable(),
        times: z.array(hhmm),
        operatorIds: z.array(z.number().int()),
        vehclasses: z.array(vehicleClass),
        fastestMin: z.number().int(),
      }),
    ),
    routes: station.shape.routes,
    operators: station.shape.operators,
    nearby: station.shape.nearby,
  }),
  travelRoutes: z.object({
    from: placeSummary,
    routes: z.array(
      z.object({
        to: placeSummary.nullable(),
        perWeek: z.number().int(),
        minDurationMin: z.number().int(),
        vehclasses: z.array(vehicleClass),
        operatorIds: z.array(z.number().int()),
        url: z.string(),
      }),
    ),
  }),
  travelPolymorph: z.discriminatedUnion('type', [
    z.object({ type: z.literal('place'), place: placeSummary, stations: z.array(stationSummary) }),
    station.extend({ type: z.literal('station') }),
    z.object({ type: z.literal('operator'), operator: operatorSummary }),
  ]),
  reviewPage,
} as const;

export type HomeAnswer = z.output<typeof NETWORK_ANSWERS.home>;
export type OperatorAnswer = z.output<typeof NETWORK_ANSWERS.operator>;
export type StationAnswer = z.output<typeof NETWORK_ANSWERS.station>;
export type StationNewAnswer = z.output<typeof NETWORK_ANSWERS.stationNew>;
export type TravelRoutesAnswer = z.output<typeof NETWORK_ANSWERS.travelRoutes>;
export type TravelPolymorphAnswer = z.output<typeof NETWORK_ANSWERS.travelPolymorph>;
export type ReviewPageAnswer = z.output<typeof reviewPage>;
