/**
 * The search API's handlers (SPEC §7, under /api/nuxt/{lang}/). Route files are one line each;
 * the handlers live here so that tests can run them against their own database and clock.
 */
import { passesBetween } from '../railpass/results.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { currencyCodeSchema, DEFAULT_CURRENCY } from '../../domain/currency.ts';
import { normalizeSearchDates, applyDirection, dayNumber, fromDayNumber } from '../../domain/search/dates.ts';
import { findJourneys, nextDates, priceJourneys, resolveEndpoint, search, type Endpoint } from '../../domain/search/search.ts';
import { seatKey, type Leg, type TimetableIndex } from '../../domain/search/timetable.ts';
import { withLocalClassNames } from '../../domain/search/classNames.ts';
import type { Trip } from '../../domain/search/trips.ts';
import { classFilterSegment, includesRailPasses, VEHICLE_CLASSES } from '../../domain/search/vehicleClasses.ts';
import { apiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { CONNECTORS, connectorNameFor, seatQueryKey, type SeatQuery } from '../connectors/index.ts';
import { getSearchIndex } from './cache.ts';
import { createCachedJson, indexError, json } from './http.ts';
import { classFilter, isoDate, people, queryObject, resolveRef, searchSchema, todayIn, type SearchParams } from './params.ts';
import { popularFrom, popularDepartures, typeahead } from '../../domain/search/typeahead.ts';
import { routeFacts, factsOnDates } from '../../domain/search/facts.ts';
import { tripInfo } from '../../domain/search/tripInfo.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals'>;

export interface SearchApiOptions {
  /** The database; the process's own when absent. */
  db?: Db;
  now?: () => number;
}

const SEARCH_MAX_AGE_S = 30;
const STATIC_MAX_AGE_S = 300;

interface RecheckToken {
  from: Endpoint;
  to: Endpoint;
  date: string;
  people: number;
  classes: string;
  currency: string;
  roundTrip?: boolean | undefined;
}

const tokenSchema = z.object({
  from: z.object({ kind: z.enum(['place', 'station']), id: z.number().int() }),
  to: z.object({ kind: z.enum(['place', 'station']), id: z.number().int() }),
  date: isoDate,
  people,
  classes: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  roundTrip: z.boolean().optional(),
});

/** Query strings beyond searchSchema (params.ts), one per call. */
export const recheckQuery = z.object({ token: z.string().min(10).max(2000), connector: z.enum(['builtin', 'manual']) });
export const pageDataQuery = z.object({
  seoOverrideExperiment: z.enum(['y', 'n']).default('n'),
  experimentJSONLD: z.enum(['y', 'n']).optional(),
});
export const tripInfoQuery = z.object({
  key: z.string().min(5).max(400),
  currency: currencyCodeSchema.default(DEFAULT_CURRENCY),
  people: people.default(2),
});
export const typeaheadPrefetchQuery = z.object({ fromId: z.string().max(120).optional() });
export const typeaheadFetchQuery = z.object({ query: z.string().trim().min(1).max(100) });

function encodeToken(token: RecheckToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeToken(raw: string): RecheckToken | undefined {
  try {
    const parsed = tokenSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function nameIn(names: Record<string, string> & { en: string }, code: string): string {
  return names[code] ?? names.en;
}

function endpointInfo(index: TimetableIndex, e: Endpoint, code: string) {
  const resolved = resolveEndpoint(index, e);
  if (!resolved) return undefined;
  const station = e.kind === 'station' ? index.stations.get(e.id) : undefined;
  const named = station ?? resolved.place;
  return {
    id: e.kind === 'station' ? `s${e.id}` : String(e.id),
    slug: named.slug,
    name: nameIn(named.names, code),
    country: resolved.place.countryCode,
    placeId: resolved.place.id,
  };
}

export function createSearchApi(options: SearchApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const cachedJson = createCachedJson(now);
  const index = () => getSearchIndex(options.db, now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  /** Parses, resolves and normalises a search request; a Response when it cannot be searched. */
  /** The search index, or the 503 answer while it is not ready (the client's hasError path). */
  async function indexOrError(ctx: Ctx): Promise<TimetableIndex | Response> {
    try {
      return await index();
    } catch (error) {
      return indexError(ctx.locals.t, error);
    }
  }

  async function prepare(ctx: Ctx, p: SearchParams) {
    const idx = await indexOrError(ctx);
    if (idx instanceof Response) return idx;
    const fromRef = resolveRef(idx, p.fromId, p.fromSlug);
    const toRef = resolveRef(idx, p.toId, p.toSlug);
    if (!fromRef || !toRef) {
      const fields: Record<string, string[]> = {};
      if (!fromRef) fields.fromId = ['unknown_place'];
      if (!toRef) fields.toId = ['unknown_place'];
      const response = apiError(ctx.locals.t, 'unknown_place', 404);
      const body = (await response.json()) as { error: Record<string, unknown> };
      return json({ error: { ...body.error, fields } }, 404);
    }
    const { from, to } = applyDirection(fromRef, toRef, p.direction);
    const origin = resolveEndpoint(idx, from);
    const today = todayIn(origin?.place.utcOffsetMin ?? 420, now());
    const dates = normalizeSearchDates({ date: p.date, date2: p.date2 }, today);
    return { idx, from, to, dates };
  }

  function parseSearch(ctx: Ctx) {
    const parsed = searchSchema.safeParse(queryObject(ctx.url));
    return parsed.success ? parsed.data : apiError(ctx.locals.t, 'invalid_search', 400, parsed.error);
  }

  return {
    async search(ctx: Ctx): Promise<Response> {
      const p = parseSearch(ctx);
      if (p instanceof Response) return p;
      const prepared = await prepare(ctx, p);
      if (prepared instanceof Response) return prepared;
      const { idx, from, to, dates } = prepared;
      const lang = ctx.locals.locale.segment;
      const roundTrip = p.roundTrip === '1' || dates.date2 !== undefined;
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => {
        const result = search(idx, {
          from,
          to,
          date: dates.date,
          people: p.people,
          classes: p.vehclasses,
          currency: p.currency,
          now: now(),
          bookingBase: `/${lang}/add-to-cart/`,
          roundTrip,
        });
        const token = encodeToken({
          roundTrip,
          from,
          to,
          date: dates.date,
          people: p.people,
          classes: classFilterSegment(p.vehclasses),
          currency: p.currency,
        });
        const connectors = new Set(result.trips.flatMap((t) => t.params.operators.map((id) => connectorNameFor(idx.operators.get(id)))));
        const fromInfo = endpointInfo(idx, from, ctx.locals.locale.code);
        const toInfo = endpointInfo(idx, to, ctx.locals.locale.code);
        return {
          trips: withLocalClassNames(result.trips, ctx.locals.locale.code, ctx.locals.t),
          tripsRecheck: [...connectors].sort().map((c) => `/api/nuxt/${lang}/trips/recheck?connector=${c}`),
          recheckToken: token,
          isRechecked: false,
          hasAutoconnection: result.hasAutoconnection,
          currency: result.currency,
          searchParams: {
            from: fromInfo,
            to: toInfo,
            date: dates.date,
            date2: dates.date2 ?? null,
            people: p.people,
            vehclasses: classFilterSegment(p.vehclasses),
          },
          // SPEC §3/§5: passes valid between the two places, offered unless the class filter leaves rail passes out.
          passes:
            fromInfo && toInfo && includesRailPasses(p.vehclasses)
              ? passesBetween(idx.railpasses?.passes ?? [], fromInfo.country, toInfo.country, {
                  currency: result.currency,
                  fx: idx.fx,
                  localeCode: ctx.locals.locale.code,
                  segment: lang,
                  t: ctx.locals.t,
                })
              : [],
          provinceName: toInfo ? nameIn(idx.places.get(toInfo.placeId)?.names ?? { en: '' }, ctx.locals.locale.code) : null,
          nextTripDates:
            result.trips.length === 0
              ? nextDates(idx, { from, to, date: dates.date, classes: p.vehclasses }).map((d) => ({ date: d }))
              : [],
        };
      });
    },

    /** Live seats and prices for the trips of one connector; the client merges by trip key. */
    async recheck(ctx: Ctx): Promise<Response> {
      const parsed = recheckQuery.safeParse(queryObject(ctx.url));
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_recheck', 400, parsed.error);
      const token = decodeToken(parsed.data.token);
      const classes = token && classFilter.safeParse(token.classes);
      if (!token || !classes?.success) return apiError(ctx.locals.t, 'invalid_recheck', 400);
      const idx = await indexOrError(ctx);
      if (idx instanceof Response) return idx;
      const connector = CONNECTORS[parsed.data.connector];
      const journeys = findJourneys(idx, { from: token.from, to: token.to, date: token.date, classes: classes.data }).filter((j) =>
        j.legs.some((l) => connectorNameFor(idx.operators.get(l.route.operatorId)) === connector.name),
      );
      const queries: SeatQuery[] = [];
      for (const j of journeys)
        for (const leg of j.legs)
          for (const option of leg.route.options)
            queries.push({
              scheduleId: leg.schedule.id,
              travelOptionId: option.id,
              serviceDate: fromDayNumber(leg.serviceDay),
              seatsPerDeparture: option.seats,
            });
      const live = await connector.seatsLeft(await database(), queries);
      const seatsLeft = (leg: Leg, option: { id: number }) =>
        live.get(seatQueryKey({ scheduleId: leg.schedule.id, travelOptionId: option.id, serviceDate: fromDayNumber(leg.serviceDay) })) ??
        idx.seats.get(seatKey(leg.schedule.id, option.id, leg.serviceDay));
      const result = priceJourneys(idx, journeys, {
        people: token.people,
        currency: token.currency,
        now: now(),
        bookingBase: `/${ctx.locals.locale.segment}/add-to-cart/`,
        roundTrip: token.roundTrip ?? false,
        seatsLeft,
      });
      return json(
        {
          trips: withLocalClassNames(result.trips, ctx.locals.locale.code, ctx.locals.t).map((t: Trip) => ({
            key: t.key,
            params: t.params,
            min_price: t.min_price,
            max_price: t.max_price,
            travel_options: t.travel_options,
          })),
          isRechecked: true,
        },
        200,
        { 'cache-control': 'no-store' },
      );
    },

    async nextDates(ctx: Ctx): Promise<Response> {
      const p = parseSearch(ctx);
      if (p instanceof Response) return p;
      const prepared = await prepare(ctx, p);
      if (prepared instanceof Response) return prepared;
      const { idx, from, to, dates } = prepared;
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => {
        const format = new Intl.DateTimeFormat(ctx.locals.locale.code, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          timeZone: 'UTC',
        });
        return {
          dates: nextDates(idx, { from, to, date: dates.date, classes: p.vehclasses }).map((date) => ({
            date,
            title: format.format(new Date((dayNumber(date) ?? 0) * 86_400_000)),
          })),
        };
      });
    },

    async factsOnDates(ctx: Ctx): Promise<Response> {
      const p = parseSearch(ctx);
      if (p instanceof Response) return p;
      const prepared = await prepare(ctx, p);
      if (prepared instanceof Response) return prepared;
      const { idx, from, to, dates } = prepared;
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => {
        try {
          return { facts: factsOnDates(idx, { from, to, date: dates.date, people: p.people, currency: p.currency, now: now() }) };
        } catch {
          // SPEC §8: facts are decoration; a failure is an empty list, never an error page.
          return { facts: [] };
        }
      });
    },

    async pageData(ctx: Ctx): Promise<Response> {
      const p = parseSearch(ctx);
      if (p instanceof Response) return p;
      const extra = pageDataQuery.safeParse(queryObject(ctx.url));
      if (!extra.success) return apiError(ctx.locals.t, 'invalid_search', 400, extra.error);
      const prepared = await prepare(ctx, p);
      if (prepared instanceof Response) return prepared;
      const { idx, from, to, dates } = prepared;
      const code = ctx.locals.locale.code;
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => ({
        from: endpointInfo(idx, from, code),
        to: endpointInfo(idx, to, code),
        date: dates.date,
        people: p.people,
        seoOverrideExperiment: extra.data.seoOverrideExperiment,
        ...(extra.data.experimentJSONLD === 'y' ? { experimentJSONLD: routeFacts(idx, from, to, dates.date, p.currency, now()) } : {}),
      }));
    },

    async tripInfo(ctx: Ctx): Promise<Response> {
      const parsed = tripInfoQuery.safeParse(queryObject(ctx.url));
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_search', 400, parsed.error);
      const idx = await indexOrError(ctx);
      if (idx instanceof Response) return idx;
      const info = tripInfo(idx, parsed.data.key, {
        people: parsed.data.people,
        currency: parsed.data.currency,
        now: now(),
        code: ctx.locals.locale.code,
      });
      if (!info) return apiError(ctx.locals.t, 'unknown_trip', 404);
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => info);
    },

    async commonData(ctx: Ctx): Promise<Response> {
      const idx = await indexOrError(ctx);
      if (idx instanceof Response) return idx;
      const code = ctx.locals.locale.code;
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => ({
        classes: VEHICLE_CLASSES.map((id) => ({ id })),
        operators: [...idx.operators.values()].map((o) => ({
          id: o.id,
          slug: o.slug,
          name: o.name,
          logo: o.logo,
          rating: o.rating,
          vehclasses: o.vehicleClasses,
        })),
        stations: [...idx.stations.values()].map((s) => ({
          id: s.id,
          slug: s.slug,
          name: nameIn(s.names, code),
          kind: s.kind,
          place_id: s.placeId,
          code: s.code,
        })),
      }));
    },

    async typeaheadPrefetch(ctx: Ctx): Promise<Response> {
      const parsed = typeaheadPrefetchQuery.safeParse(queryObject(ctx.url));
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_search', 400, parsed.error);
      const idx = await indexOrError(ctx);
      if (idx instanceof Response) return idx;
      const code = ctx.locals.locale.code;
      if (parsed.data.fromId === undefined)
        return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => popularDepartures(idx, code));
      const from = resolveRef(idx, parsed.data.fromId, undefined);
      if (!from) return apiError(ctx.locals.t, 'unknown_place', 404);
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => popularFrom(idx, from, code));
    },

    async typeaheadFetch(ctx: Ctx): Promise<Response> {
      const parsed = typeaheadFetchQuery.safeParse(queryObject(ctx.url));
      if (!parsed.success) return apiError(ctx.locals.t, 'invalid_search', 400, parsed.error);
      const idx = await indexOrError(ctx);
      if (idx instanceof Response) return idx;
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => typeahead(idx, parsed.data.query, ctx.locals.locale.code));
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchApi>;

/** The process-wide API over the process database. */
export const searchApi: SearchApi = createSearchApi();
