/**
 * The search API's handlers (SPEC §7, under /api/nuxt/{lang}/). Route files are one line each;
 * the handlers live here so that tests can run them against their own database and clock.
 */
import { passesBetween } from '../railpass/results.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { currencyCodeSchema, DEFAULT_CURRENCY } from '../../domain/currency.ts';
import { normalizeSearchDates, applyDirection, dayNumber, fromDayNumber } from '../../domain/search/dates.ts';
import { nextDates, priceJourneys, resolveEndpoint, type Endpoint } from '../../domain/search/search.ts';
import { seatsLeftOf, type Leg, type TimetableIndex } from '../../domain/search/timetable.ts';
import { withLocalClassNames } from '../../domain/search/classNames.ts';
import { seatClasses } from '../../domain/search/seatClasses.ts';
import type { Trip } from '../../domain/search/trips.ts';
import { classFilterSegment, includesRailPasses, VEHICLE_CLASSES } from '../../domain/search/vehicleClasses.ts';
import { ApiError } from '../api/errors.ts';
import { createCachedJson } from '../api/cachedJson.ts';
import { endpoints, json, parseInput, queryObject } from '../api/http.ts';
import type { Db } from '../db/client.ts';
import { CONNECTORS, connectorNameFor, seatQueryKey, type SeatQuery } from '../connectors/index.ts';
import { getSearchIndex } from './cache.ts';
import { recentJourneys } from './recentJourneys.ts';
import { classFilter, isoDate, placeRef, minuteOfDay, people, resolveRef, searchSchema, todayIn, type SearchParams } from './params.ts';
import { popularFrom, popularDepartures, typeahead } from '../../domain/search/typeahead.ts';
import { routeFacts, factsOnDates } from '../../domain/search/facts.ts';
import { tripInfo } from '../../domain/search/tripInfo.ts';
import { buildFilterGroups, buildTabs } from '../../domain/results/filters.ts';
import { currencySymbol, filterOptionLabel } from '../../domain/results/filterLabels.ts';
import { describeFilterGroups } from '../../domain/results/filterFacts.ts';
import { EMPTY_STATE, FILTER_GROUPS } from '../../domain/results/queryState.ts';
import type { Translate } from '../../i18n/translate.ts';
import { loadPageOverrides, type SeoOverrideRow } from '../admin/pageOverrides.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals'>;

export interface SearchApiOptions {
  /** The database; the process's own when absent. */
  db?: Db;
  now?: () => number;
  /** Admin's search-engine texts of a page address (admin/seo); the process's registry when absent. */
  seoOverride?: (path: string) => Promise<SeoOverrideRow | undefined>;
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
  /** Absolute minutes of the asked depart-after and arrive-by times, so a recheck finds the same trips. */
  departAfter?: number | undefined;
  arriveBy?: number | undefined;
}

const tokenSchema = z.object({
  from: z.object({ kind: z.enum(['place', 'station']), id: z.number().int() }),
  to: z.object({ kind: z.enum(['place', 'station']), id: z.number().int() }),
  date: isoDate,
  people,
  classes: z.string(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  roundTrip: z.boolean().optional(),
  departAfter: z.number().int().optional(),
  arriveBy: z.number().int().optional(),
});

/** Query strings beyond searchSchema (params.ts), one per call. */
export const recheckQuery = z.object({ token: z.string().min(10).max(2000), connector: z.enum(['builtin', 'manual']) });
export const pageDataQuery = z.object({
  from: placeRef.optional().meta({ description: 'SPEC §7 name of fromId/fromSlug: a place id, a station id (`s34`) or a slug.' }),
  to: placeRef.optional().meta({ description: 'SPEC §7 name of toId/toSlug.' }),
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

/**
 * The asked "leave after" and "arrive by" clock times as absolute minutes: the first in the
 * departure place's zone, the second in the destination's, both on the asked date.
 */
function askedTimes(
  index: TimetableIndex,
  q: { from: Endpoint; to: Endpoint; date: string; time: string | undefined; arriveBy: string | undefined },
): { departAfter?: number; arriveBy?: number } {
  const day = dayNumber(q.date);
  if (day === undefined) return {};
  const at = (time: string | undefined, e: Endpoint) => {
    const place = resolveEndpoint(index, e)?.place;
    return time === undefined || !place ? undefined : day * 1440 + minuteOfDay(time) - place.utcOffsetMin;
  };
  const departAfter = at(q.time, q.from);
  const arriveBy = at(q.arriveBy, q.to);
  return { ...(departAfter !== undefined ? { departAfter } : {}), ...(arriveBy !== undefined ? { arriveBy } : {}) };
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

/**
 * SPEC §3 trips data `filters`: every group as the results page first shows it (all trips, nothing
 * chosen), each option named in the traveller's language.
 */
function labelledFilters(idx: TimetableIndex, trips: readonly Trip[], currency: string, code: string, t: Translate) {
  const groups = describeFilterGroups(buildFilterGroups(trips, EMPTY_STATE), trips, EMPTY_STATE);
  const context = {
    t,
    station: (id: number) => nameIn(idx.stations.get(id)?.names ?? { en: String(id) }, code),
    operator: (id: number) => idx.operators.get(id)?.name ?? String(id),
    currencySymbol: currencySymbol(currency, code),
  };
  return Object.fromEntries(
    FILTER_GROUPS.map((group) => [group, groups[group].map((option) => ({ ...option, label: filterOptionLabel(group, option, context) }))]),
  );
}

export function createSearchApi(options: SearchApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const cachedJson = createCachedJson(now);
  const index = () => getSearchIndex(options.db, now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;
  const seoOverride = options.seoOverride ?? (async (path: string) => (await loadPageOverrides()).seo.get(path));

  /** Resolves and normalises a search request; refuses places the index does not know. */
  async function prepare(p: SearchParams) {
    const idx = await index();
    const fromRef = resolveRef(idx, p.fromId, p.fromSlug);
    const toRef = resolveRef(idx, p.toId, p.toSlug);
    if (!fromRef || !toRef) {
      const fields: Record<string, string[]> = {};
      if (!fromRef) fields.fromId = ['unknown_place'];
      if (!toRef) fields.toId = ['unknown_place'];
      throw new ApiError('unknown_place', { fields });
    }
    const { from, to } = applyDirection(fromRef, toRef, p.direction);
    const origin = resolveEndpoint(idx, from);
    const today = todayIn(origin?.place.utcOffsetMin ?? 420, now());
    const dates = normalizeSearchDates({ date: p.date, date2: p.date2 }, today);
    return { idx, from, to, dates };
  }

  const parseSearch = (ctx: Ctx) => parseInput(searchSchema, queryObject(ctx.url), 'invalid_search');

  return endpoints({
    async search(ctx: Ctx): Promise<Response> {
      const p = parseSearch(ctx);
      const prepared = await prepare(p);
      const { idx, from, to, dates } = prepared;
      const lang = ctx.locals.locale.segment;
      const roundTrip = p.roundTrip === '1' || dates.date2 !== undefined;
      const times = askedTimes(idx, { from, to, date: dates.date, time: p.time, arriveBy: p.arrive_by });
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => {
        // Kept for the rechecks that follow (recentJourneys.ts).
        const journeys = recentJourneys(idx, { from, to, date: dates.date, classes: p.vehclasses, ...times });
        const result = priceJourneys(idx, journeys, {
          people: p.people,
          currency: p.currency,
          now: now(),
          bookingBase: `/${lang}/add-to-cart/`,
          roundTrip,
        });
        const token = encodeToken({
          ...times,
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
        const fromPlace = fromInfo && idx.places.get(fromInfo.placeId);
        const toPlace = toInfo && idx.places.get(toInfo.placeId);
        const passes =
          fromPlace && toPlace && includesRailPasses(p.vehclasses)
            ? passesBetween(idx.railpasses?.passes ?? [], fromPlace, toPlace, {
                currency: result.currency,
                fx: idx.fx,
                localeCode: ctx.locals.locale.code,
                segment: lang,
                t: ctx.locals.t,
              })
            : [];
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
          passes,
          filters: labelledFilters(idx, result.trips, result.currency, ctx.locals.locale.code, ctx.locals.t),
          transportationTabs: buildTabs(result.trips, passes),
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
      const query = parseInput(recheckQuery, queryObject(ctx.url), 'invalid_recheck');
      const token = decodeToken(query.token);
      const classes = token && classFilter.safeParse(token.classes);
      if (!token || !classes?.success) throw new ApiError('invalid_recheck');
      const idx = await index();
      const connector = CONNECTORS[query.connector];
      // The journeys its search found, when still kept: only the seats and prices are new.
      const journeys = recentJourneys(idx, {
        from: token.from,
        to: token.to,
        date: token.date,
        classes: classes.data,
        ...(token.departAfter !== undefined ? { departAfter: token.departAfter } : {}),
        ...(token.arriveBy !== undefined ? { arriveBy: token.arriveBy } : {}),
      }).filter((j) => j.legs.some((l) => connectorNameFor(idx.operators.get(l.route.operatorId)) === connector.name));
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
        seatsLeftOf(idx, leg.schedule.id, option.id, leg.serviceDay);
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
      const prepared = await prepare(p);
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
      const prepared = await prepare(p);
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
      const extra = parseInput(pageDataQuery, queryObject(ctx.url), 'invalid_search');
      // SPEC §7 calls them from and to; fromId/toId (and the slugs) are the same thing.
      const query = queryObject(ctx.url);
      const p = parseInput(searchSchema, { ...query, fromId: query.fromId ?? extra.from, toId: query.toId ?? extra.to }, 'invalid_search');
      const prepared = await prepare(p);
      const { idx, from, to, dates } = prepared;
      const code = ctx.locals.locale.code;
      const fromInfo = endpointInfo(idx, from, code);
      const toInfo = endpointInfo(idx, to, code);
      // SPEC §7: with seoOverrideExperiment=y the page data carries Admin's texts for the results page's address.
      const seoRow =
        extra.seoOverrideExperiment === 'y' && fromInfo && toInfo
          ? await seoOverride(`/${ctx.locals.locale.segment}/${classFilterSegment(p.vehclasses)}/${fromInfo.slug}/${toInfo.slug}`)
          : undefined;
      const body = {
        from: fromInfo,
        to: toInfo,
        date: dates.date,
        people: p.people,
        seoOverrideExperiment: extra.seoOverrideExperiment,
        ...(extra.seoOverrideExperiment === 'y'
          ? { seo: seoRow ? { title: seoRow.title, description: seoRow.description, heading: seoRow.heading } : null }
          : {}),
        ...(extra.experimentJSONLD === 'y' ? { experimentJSONLD: routeFacts(idx, from, to, dates.date, p.currency, now()) } : {}),
      };
      // An override changes without a new index version: the experiment's answer is not kept in the answer cache.
      if (extra.seoOverrideExperiment === 'y') return json(body, 200, { 'cache-control': 'no-store' });
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => body);
    },

    async tripInfo(ctx: Ctx): Promise<Response> {
      const query = parseInput(tripInfoQuery, queryObject(ctx.url), 'invalid_search');
      const idx = await index();
      const info = tripInfo(idx, query.key, {
        people: query.people,
        currency: query.currency,
        now: now(),
        code: ctx.locals.locale.code,
      });
      if (!info) throw new ApiError('unknown_trip');
      return cachedJson(ctx.request, idx.version, SEARCH_MAX_AGE_S, () => info);
    },

    async commonData(ctx: Ctx): Promise<Response> {
      const idx = await index();
      const code = ctx.locals.locale.code;
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => ({
        classes: VEHICLE_CLASSES.map((id) => ({ id })),
        // The seat classes a trip's class_id names, in the reader's language (src/domain/search/seatClasses.ts).
        seat_classes: seatClasses(idx.routes, code, ctx.locals.t),
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
      const query = parseInput(typeaheadPrefetchQuery, queryObject(ctx.url), 'invalid_search');
      const idx = await index();
      const code = ctx.locals.locale.code;
      if (query.fromId === undefined) return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => popularDepartures(idx, code));
      const from = resolveRef(idx, query.fromId, undefined);
      if (!from) throw new ApiError('unknown_place');
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => popularFrom(idx, from, code));
    },

    async typeaheadFetch(ctx: Ctx): Promise<Response> {
      const query = parseInput(typeaheadFetchQuery, queryObject(ctx.url), 'invalid_search');
      const idx = await index();
      return cachedJson(ctx.request, idx.version, STATIC_MAX_AGE_S, () => typeahead(idx, query.query, ctx.locals.locale.code));
    },
  });
}

export type SearchApi = ReturnType<typeof createSearchApi>;

/** The process-wide API over the process database. */
export const searchApi: SearchApi = createSearchApi();
