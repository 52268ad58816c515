/** Success answers of the rail pass calls (server/railpass/api.ts, server/railpass/results.ts; SPEC §3 "Rail pass result"). */
import { z } from 'zod';
import { PASSENGER_KINDS, RAILPASS_SORTS, RAILPASS_TYPES, type RailpassResult } from '../../../domain/railpass/types.ts';
import { describes, moneySchema } from './common.ts';

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .meta({ description: 'The currency prices are shown in.' });
const operator = z.object({ key: z.string(), id: z.number().int(), name: z.string() });

/** SPEC §3 Rail pass result, with the pass page's path. */
export const railpassResult = describes<RailpassResult & { url: string }>()(
  z.object({
    slug: z.string(),
    id: z.number().int(),
    mainPassId: z.number().int().nullable().meta({ description: 'The pass this one is a variant of; null for a main pass.' }),
    type: z.enum(RAILPASS_TYPES),
    name: z.string(),
    classOptions: z.array(
      z.object({ key: z.string(), name: z.string(), minPrice: moneySchema, reviews: z.number().int(), rating: z.number().nullable() }),
    ),
    validity: z.array(z.number().int()).meta({ description: 'Travel days.' }),
    operators: z.array(operator),
    regions: z.array(z.object({ key: z.string(), name: z.string() })),
    labels: z.array(z.object({ key: z.string() })),
    features: z.array(z.object({ key: z.string() })),
    popularity: z.number(),
    rating: z.number().nullable(),
    reviews: z.number().int(),
    url: z.string(),
  }),
);

const filterOption = z.object({ key: z.string(), label: z.string(), quantity: z.number().int(), selected: z.boolean() });
const filters = z.object({ operators: z.array(filterOption), regions: z.array(filterOption), validity: z.array(filterOption) });
const results = { passes: z.array(railpassResult), filters, total: z.number().int().min(0) };
const passesAnswer = z.object({ passes: z.array(railpassResult), currency });
const destination = z.object({
  slug: z.string(),
  code: z.string().nullable().meta({ description: 'The ISO 3166 country; null for a region (europe).' }),
  name: z.string(),
  passes: z.number().int(),
  minPrice: moneySchema.nullable(),
  url: z.string(),
});

export const RAILPASS_ANSWERS = {
  pageData: z.object({
    destination: z.object({ slug: z.string(), code: z.string().nullable(), name: z.string(), url: z.string() }),
    operator: operator.nullable(),
    operators: z.array(operator),
    ...results,
    currency,
  }),
  search: z.object({
    ...results,
    sortedBy: z.enum(RAILPASS_SORTS),
    selected: z.object({ operators: z.array(z.string()), regions: z.array(z.string()), validity: z.array(z.number().int()) }),
    filterBy: z.string().nullable(),
    recheckUrls: z.array(z.string()),
    currency,
  }),
  passes: passesAnswer,
  destinations: z.object({ destinations: z.array(destination), currency }),
  info: z.object({
    pass: railpassResult.extend({
      summary: z.string(),
      currency: z.string().meta({ description: "The issuer's currency." }),
      destination: z.object({ slug: z.string(), name: z.string() }).nullable(),
      countryCodes: z.array(z.string()),
      classes: z.array(
        z.object({
          key: z.string(),
          name: z.string(),
          fares: z.array(z.object({ kind: z.enum(PASSENGER_KINDS), price: moneySchema, issuerPrice: moneySchema })),
        }),
      ),
      passengerKinds: z.array(z.object({ key: z.enum(PASSENGER_KINDS), minAge: z.number().int(), maxAge: z.number().int().nullable() })),
      validityRule: z.discriminatedUnion('mode', [
        z.object({ mode: z.literal('consecutive'), days: z.number().int() }),
        z.object({ mode: z.literal('flexi'), days: z.number().int(), withinDays: z.number().int() }),
      ]),
      activationWindow: z.object({ first: z.iso.date(), last: z.iso.date() }),
      residence: z.union([z.object({ only: z.array(z.string()) }), z.object({ except: z.array(z.string()) })]).nullable(),
      refund: z.object({ fullRefundDaysBefore: z.number().int(), lateRefundPct: z.number() }),
      activation: z.enum(['exchange', 'activate_online', 'first_use']),
      photos: z.array(z.object({ src: z.string(), srcset: z.string(), alt: z.string(), caption: z.string() })),
    }),
    currency,
  }),
  seoIndex: z.object({ pages: z.array(z.string()) }),
  reviews: z.object({
    total: z.number().int().min(0),
    limit: z.number().int(),
    offset: z.number().int(),
    rating: z.number().nullable(),
    reviews: z.array(
      z.object({
        id: z.number().int(),
        classKey: z.string(),
        rating: z.number().int(),
        title: z.string(),
        body: z.string(),
        author: z.object({ name: z.string(), country: z.string() }),
        language: z.string(),
        travelDate: z.iso.date(),
      }),
    ),
  }),
  typeahead: z.object({
    records: z.array(
      z.object({
        kind: z.enum(['destination', 'pass']),
        slug: z.string(),
        name: z.string(),
        countryCode: z.string().nullable(),
        url: z.string(),
      }),
    ),
  }),
  addedToCart: z.object({
    hash: z.string(),
    price: z.object({ minor: z.number().int(), fxcode: z.string().regex(/^[A-Z]{3}$/) }),
    checkout_url: z.string(),
  }),
} as const;

export type RailpassResultAnswer = z.output<typeof railpassResult>;
export type RailpassSearchAnswer = z.output<typeof RAILPASS_ANSWERS.search>;
export type RailpassInfoAnswer = z.output<typeof RAILPASS_ANSWERS.info>;
