/** Success answers of the trip search calls (SPEC §3 trips data; server/search/api.ts). */
import { z } from 'zod';
import { railpassResult } from './railpass.ts';
import { FILTER_GROUPS } from '../../../domain/results/queryState.ts';
import { RECOMMENDED_RULES } from '../../../domain/results/summary.ts';
import type { Fact } from '../../../domain/search/facts.ts';
import { PROMO_TYPES } from '../../../domain/search/pricing.ts';
import type { TypeaheadAnswer } from '../../../domain/search/typeahead.ts';
import { VEHICLE_CLASSES } from '../../../domain/search/vehicleClasses.ts';
import { describes, moneySchema } from './common.ts';

const vehicleClass = z.enum(VEHICLE_CLASSES);
const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  .meta({ description: "'YYYY-MM-DD HH:mm' in the station's time zone." });

/** SPEC §3 travel option. */
const travelOption = z.object({
  id: z.string(),
  class: z.string().meta({ description: "The class name in the traveller's language." }),
  class_id: z.string().meta({ description: 'The class as an id, the same in every language (`vip-24-seats`).' }),
  booking_uri: z.string(),
  bookable: z.union([z.literal(0), z.literal(1)]),
  seats_left: z.number().int().min(0),
  price: moneySchema,
  rating: z.number().nullable(),
  dep_datetime: localDateTime,
  discount_data: z
    .object({
      promo_type: z.enum(PROMO_TYPES).meta({
        description:
          "`pricing_rule`: the site's discount; `normal+pricing_rule`: the operator's own promotion and the site's rule both apply.",
      }),
      discount_pct: z.number().int().positive(),
    })
    .nullable(),
  round_trip_discount_pct: z.number().int().positive().nullable(),
  full_refund_until: z.iso.datetime().nullable(),
  features: z.array(z.string()),
});

/** SPEC §3 trip params. */
const tripParams = z.object({
  is_bookable: z.boolean(),
  is_auto_pack: z.boolean().meta({ description: 'A connection the site put together from several legs.' }),
  is_manual_pack: z.boolean().meta({ description: 'The operator sells these legs only together, as one package.' }),
  external_purchase_url: z
    .url()
    .nullable()
    .meta({ description: "Sold only on the operator's own site: buy there (the trip is not bookable here)." }),
  operators: z.array(z.number().int()),
  vehclasses: z.array(vehicleClass),
  from: z.number().int(),
  to: z.number().int(),
  dep_time: localDateTime,
  arr_time: localDateTime,
  duration_min: z.number().int(),
  changes: z.number().int().min(0),
  bookable: z.number().int().min(0),
  rating_count: z.number().int().min(0),
});

const trip = z.object({
  key: z.string(),
  params: tripParams,
  min_price: moneySchema,
  max_price: moneySchema,
  rating: z.number().nullable(),
  segments: z.array(
    z.object({
      type: z.literal('trip'),
      vehclasses: z.array(vehicleClass),
      operator: z.number().int(),
      route_code: z.string(),
      from: z.number().int(),
      to: z.number().int(),
      dep_time: localDateTime,
      arr_time: localDateTime,
      duration_min: z.number().int(),
    }),
  ),
  features: z.array(z.string()),
  approximate: z.boolean(),
  is_boosted: z.boolean(),
  sales_sorting: z.number().int(),
  travel_options: z.array(travelOption),
});

/** SPEC §3 filter option. */
const filterOption = z.object({
  id: z.string(),
  selected: z.boolean(),
  available: z.boolean(),
  quantity: z.number().int().min(0),
  label: z.string().meta({ description: "The option in the traveller's language." }),
  price: z.number().optional().meta({ description: 'The lowest price among the trips it keeps.' }),
  unknown: z.boolean().optional(),
  range: z
    .object({ from: z.number(), to: z.number() })
    .optional()
    .meta({ description: 'Time options: hours [from, to); price tiers: prices [from, to].' }),
  aliases: z.array(z.string()).optional().meta({ description: 'Vehicle classes: other ids a URL may use (`flights` for `avia`).' }),
  vehclasses: z.array(vehicleClass).optional().meta({ description: 'Stations and operators: the classes of their trips.' }),
  feature: z.string().optional().meta({ description: 'Quick options: the trip feature kept.' }),
});

/** SPEC §3 transportation tab. */
const transportationTab = z.object({
  key: z.enum(['all', ...VEHICLE_CLASSES, 'railpass']).meta({ description: '`all` is no filter.' }),
  count: z.number().int().min(0),
  minPrice: z.number().nullable(),
  vehclasses: z.array(z.enum([...VEHICLE_CLASSES, 'railpass'])),
});

const searchPlace = z.object({ id: z.string(), slug: z.string(), name: z.string(), country: z.string(), placeId: z.number().int() });

const typeaheadAnswer = describes<TypeaheadAnswer>()(
  z.object({
    header: z
      .enum(['popular_departures', 'popular_destinations'])
      .nullable()
      .meta({ description: 'The heading of a list not matched by a query.' }),
    items: z.array(
      z.object({
        id: z.string().meta({ description: 'A place id (`12`) or a station id (`s34`), as the search takes it.' }),
        type: z.enum(['place', 'station']),
        slug: z.string(),
        name: z.string(),
        country_code: z.string(),
        place_name: z.string().nullable().meta({ description: "A station's place." }),
      }),
    ),
  }),
);

/** The reference data the client keeps (common-data). */
const commonData = z.object({
  classes: z.array(z.object({ id: vehicleClass })),
  seat_classes: z.array(z.object({ id: z.string(), name: z.string(), vehclasses: z.array(z.string()) })),
  operators: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      logo: z.string(),
      rating: z.number().nullable(),
      vehclasses: z.array(vehicleClass),
    }),
  ),
  stations: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      kind: z.enum(['bus_terminal', 'pier', 'airport', 'railway_station', 'pickup_point']),
      place_id: z.number().int(),
      code: z.string().nullable(),
    }),
  ),
});

const hhmm = z.string().regex(/^\d{2}:\d{2}$/);
/** SPEC §3 Fact: a travel fact, the recommended-trip banner or the trip-groups banner (domain/search/facts.ts). */
const fact = z.discriminatedUnion('id', [
  z.object({ id: z.literal('cheapest_day'), type: z.literal('travel'), date: z.iso.date(), price: moneySchema }),
  z.object({
    id: z.literal('fastest_trip'),
    type: z.literal('travel'),
    key: z.string(),
    duration_min: z.number().int(),
    vehclasses: z.array(z.string()),
  }),
  z.object({ id: z.literal('night_trips'), type: z.literal('travel'), count: z.number().int() }),
  z.object({ id: z.literal('operators'), type: z.literal('travel'), count: z.number().int() }),
  z.object({
    id: z.literal('recommended_trip'),
    type: z.literal('travelBannerRecommended'),
    key: z.string(),
    vehclasses: z.array(vehicleClass),
    dep_time: hhmm,
    price: moneySchema,
    reasons: z.array(z.enum(RECOMMENDED_RULES)),
  }),
  z.object({
    id: z.literal('trip_groups'),
    type: z.literal('travelBannerGroups'),
    groups: z.array(
      z.object({
        vehclasses: z.array(vehicleClass),
        count: z.number().int(),
        first_dep: hhmm,
        last_dep: hhmm,
        min_price: moneySchema.nullable(),
      }),
    ),
  }),
]);

export const SEARCH_ANSWERS = {
  nextDates: z.object({ dates: z.array(z.object({ date: z.iso.date(), title: z.string() })) }),
  facts: describes<{ facts: Fact[] }>()(z.object({ facts: z.array(fact) })),
  recheck: z.object({
    trips: z.array(trip.pick({ key: true, params: true, min_price: true, max_price: true, travel_options: true })),
    isRechecked: z.literal(true),
  }),
  /** One trip by key (tripinfo): the priced trip and its stops, leg by leg. */
  tripInfo: z.object({
    trip,
    stops: z.array(
      z.array(
        z.object({
          segment: z.number().int().min(0),
          station: z.number().int(),
          name: z.string(),
          arr_time: localDateTime,
          dep_time: localDateTime,
        }),
      ),
    ),
  }),
  commonData,
  typeahead: typeaheadAnswer,
  /** SPEC §3 trips data. */
  tripsSearch: z.object({
    trips: z.array(trip),
    tripsRecheck: z.array(z.string()),
    recheckToken: z.string(),
    isRechecked: z.literal(false),
    hasAutoconnection: z.boolean(),
    currency: z.string(),
    searchParams: z.looseObject({ from: searchPlace.optional(), to: searchPlace.optional(), date: z.iso.date() }),
    passes: z.array(railpassResult).meta({ description: 'Rail passes valid between the two places (SPEC §3 Rail pass result).' }),
    filters: z.object(
      Object.fromEntries(FILTER_GROUPS.map((g) => [g, z.array(filterOption)])) as Record<
        (typeof FILTER_GROUPS)[number],
        z.ZodArray<typeof filterOption>
      >,
    ),
    transportationTabs: z.array(transportationTab),
    provinceName: z.string().nullable(),
    nextTripDates: z.array(z.object({ date: z.iso.date() })),
  }),
  /** SPEC §7 trips page data. */
  tripsPageData: z.object({
    from: searchPlace,
    to: searchPlace,
    date: z.iso.date(),
    people: z.number().int(),
    seoOverrideExperiment: z.enum(['y', 'n']),
    seo: z
      .object({ title: z.string().nullable(), description: z.string().nullable(), heading: z.string().nullable() })
      .nullable()
      .optional()
      .meta({ description: "With seoOverrideExperiment=y: Admin's texts for the results page (admin/seo), null when it has none." }),
    experimentJSONLD: z.unknown().optional(),
  }),
} as const;

export type TripsSearchAnswer = z.output<typeof SEARCH_ANSWERS.tripsSearch>;
export type RecheckAnswer = z.output<typeof SEARCH_ANSWERS.recheck>;
export type TripsPageDataAnswer = z.output<typeof SEARCH_ANSWERS.tripsPageData>;
export type TripInfoAnswer = z.output<typeof SEARCH_ANSWERS.tripInfo>;
export type CommonDataAnswer = z.output<typeof SEARCH_ANSWERS.commonData>;
export type TypeaheadListAnswer = z.output<typeof SEARCH_ANSWERS.typeahead>;
export type FactsAnswer = z.output<typeof SEARCH_ANSWERS.facts>;
