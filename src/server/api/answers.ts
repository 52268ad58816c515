/**
 * Schemas of success answers (issue 19, item 2), shared by the operations that answer them. An
 * operation with a `response` schema has it in the OpenAPI document and /api/docs, and under the
 * test runner every JSON answer it gives is parsed with it (declared.ts): a handler that answers
 * something else fails the test that called it. Operations without one are still described in
 * words — the list of those is the work left (docs/ARCHITECTURE.md, "The API").
 */
import { z } from 'zod';
import { FILTER_GROUPS } from '../../domain/results/queryState.ts';
import { PROMO_TYPES } from '../../domain/search/pricing.ts';
import { VEHICLE_CLASSES } from '../../domain/search/vehicleClasses.ts';
import type { TypeaheadAnswer } from '../../domain/search/typeahead.ts';
import { unsubscribeQuery } from '../mail/preferences.ts';
import { describes, moneySchema } from './answers/common.ts';

export { moneySchema };

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

const paygate = z.object({ code: z.string(), type: z.string(), name: z.string() });

/** A leg's seat map (issue 27): places deck by deck, `null` for the aisle or a place the class does not sell. */
const seatMap = z.object({
  leg: z.number().int().positive().meta({ description: 'The cart leg; the booking form names it in `seats[].leg`.' }),
  vehicle: z.string(),
  taken: z.array(z.string()).meta({ description: 'Places another booking holds or bought.' }),
  decks: z.array(
    z.object({
      deck: z.enum(['main', 'lower', 'upper']),
      kind: z.enum(['seat', 'berth']),
      pattern: z.string().meta({ description: 'Letters across the vehicle, `_` for the aisle.' }),
      rows: z.array(
        z.object({
          row: z.number().int().positive(),
          places: z.array(z.object({ code: z.string(), position: z.enum(['window', 'aisle', 'middle']) }).nullable()),
        }),
      ),
    }),
  ),
});
const part = z.object({ part: z.number().int().min(0), trip_key: z.string(), total: moneySchema });

const supportArticleSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  faq: z.boolean(),
  updated: z.iso.date(),
  lang: z.string(),
  fallback: z.boolean(),
  url: z.string(),
});

/** One line of a live chat with Support (chatProxy/{userId}); `channel` case is a reply mailed on the case. */
const chatLine = z.object({
  id: z.number().int().positive(),
  author: z.enum(['traveller', 'staff']),
  channel: z.enum(['case', 'chat']),
  body: z.string(),
  at: z.iso.datetime(),
  staff_name: z.string().nullable(),
});

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

export const ANSWERS = {
  ok: z.object({ ok: z.literal(true) }),
  supportHome: z.object({
    categories: z.array(z.object({ key: z.string(), title: z.string(), text: z.string(), articles: z.number().int(), url: z.string() })),
    popular: z.array(supportArticleSummary),
    contact: z.object({
      email: z.string(),
      hours: z.object({ from: z.string(), to: z.string(), timeZone: z.string() }),
      help_url: z.string(),
      contact_url: z.string(),
    }),
  }),
  supportArticles: z.object({ articles: z.array(supportArticleSummary) }),
  supportArticle: supportArticleSummary.extend({ html: z.string() }),
  caseOpened: z.object({
    case: z.object({ number: z.string().regex(/^SC-[0-9A-Z]{8}$/), status: z.literal('open'), url: z.string() }),
    attachments: z.number().int().min(0),
  }),

  chatLines: z.object({
    user_id: z.string().nullable(),
    case: z.object({ number: z.string(), status: z.enum(['open', 'answered']) }).nullable(),
    needs_email: z.boolean(),
    messages: z.array(chatLine),
  }),
  chatPosted: z.object({
    user_id: z.string(),
    case: z.object({ number: z.string(), status: z.enum(['open', 'answered']) }),
    message: chatLine,
  }),

  sent: z.object({ sent: z.literal(true) }),
  unsubscribed: z.object({ unsubscribed: z.literal(true), type: unsubscribeQuery.shape.type }),
  freeze: z.object({ hash: z.string(), frozen: z.boolean() }),
  bookingLink: z.union([
    z.object({ ticket_url: z.string(), expires_in: z.number().int().positive() }),
    z.object({ resume_url: z.string(), expires_in: z.number().int().positive() }),
  ]),
  totals: z.object({
    fare: moneySchema,
    addons: z.array(z.looseObject({ amount: moneySchema, amountMinor: z.number().int() })),
    total: moneySchema,
  }),
  paygates: z.object({ paygates: z.array(paygate) }),
  totalSplit: z.object({ parts: z.array(part.extend({ direction: z.enum(['outbound', 'return']) })) }),
  paygatesSplit: z.object({ parts: z.array(part.extend({ direction: z.enum(['outbound', 'return']), paygates: z.array(paygate) })) }),
  paySplit: z.object({ booking_id: z.uuid(), parts: z.array(part) }),
  validForm: z.object({ valid: z.literal(true), fields: z.object({}) }),
  /** GET checkout: the parts other operations describe, and the seat maps checked here. */
  checkout: z.looseObject({
    cart: z.unknown(),
    fields: z.unknown(),
    addons: z.unknown(),
    booking: z.unknown(),
    totals: z.unknown(),
    seat_maps: z.array(seatMap),
  }),
  reserved: z.object({
    booking: z.object({
      id: z.uuid(),
      reference: z.string(),
      status: z.string(),
      total: moneySchema,
      hold_expires_at: z.iso.datetime(),
    }),
    pay_url: z.string(),
  }),
  placedOrder: z.object({
    payment_id: z.number().int(),
    booking_id: z.uuid(),
    paygate: z.string(),
    redirect_url: z.string().nullable(),
    reference: z.string().nullable(),
    expires_at: z.iso.datetime().nullable(),
  }),
  yunoSession: z.object({
    payment_id: z.number().int(),
    booking_id: z.uuid(),
    paygate: z.literal('yuno'),
    redirect_url: z.string(),
    checkout_session: z.string(),
    public_api_key: z.string(),
    country: z.string(),
    reference: z.null(),
    expires_at: z.iso.datetime().nullable(),
  }),
  cardMethod: z.object({
    scheme: z.string(),
    issuer_country: z.string().nullable(),
    card_type: z.string(),
    paygate: z.string(),
    fee_basis_points: z.number().int(),
  }),
  webhook: z.object({ received: z.literal(true), result: z.string() }),
  nextDates: z.object({ dates: z.array(z.object({ date: z.iso.date(), title: z.string() })) }),
  facts: z.object({ facts: z.array(z.unknown()) }),
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
    passes: z.array(z.looseObject({ slug: z.string() })),
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
