/**
 * Handlers behind the network content calls of SPEC §7: home, operators, operator,
 * operator/timetable, station, station/new, travel/routes, travel/polymorph and the reviews
 * calls. They answer from the live search index (refreshed on reseed) and the reviews table;
 * names come in the {lang} of the URL with English fallback.
 */
import { MAX_ROW_ID, rowIdSchema } from '../../domain/ids.ts';
import type { APIContext } from 'astro';
import { z } from 'zod';
import { slugSchema } from '../../domain/content/schemas.ts';
import { clockTime, departuresByDestination, operatorPath, roundRating, stationPath } from '../../domain/network/networkPages.ts';
import { operatorTimetable } from '../../domain/network/operatorData.ts';
import { legFromKey } from '../../domain/search/tripInfo.ts';
import type { OperatorNode, PlaceNode, StationNode, TimetableIndex } from '../../domain/search/timetable.ts';
import { ENGLISH, messagesFor } from '../../i18n/messages.ts';
import { localeBySegment, resolveSegment, type Locale } from '../../i18n/locales.ts';
import { createTranslator, type Translate } from '../../i18n/translate.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json as jsonAnswer, parseInput } from '../api/http.ts';
import { cachedNetworkStats } from '../catalog.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { reviews as reviewsTable } from '../db/schema.ts';
import { allGuides, contentStore } from '../content/store.ts';
import { allOf, byOperator, byRoute, reviewPage, type ReviewRow } from '../reviews/queries.ts';
import { getSearchIndex } from '../search/cache.ts';
import { pagesFor } from './catalog.ts';
import { inArray } from 'drizzle-orm';

type Ctx = Pick<APIContext, 'url' | 'params'>;

interface Request {
  locale: Locale;
  t: Translate;
  index: TimetableIndex;
  db: Db;
}

/** Network facts change only with a reseed: a minute of shared caching. */
const json = (body: unknown): Response => jsonAnswer(body, 200, { 'cache-control': 'public, max-age=60' });

const name = (names: Record<string, string> & { en: string }, code: string) => names[code] ?? names.en;

/** Query strings of the network calls (read from the URL as they are, see `parse`). */
export const stationQuery = z.object({ id: rowIdSchema.optional(), slug: slugSchema.optional() }).refine((q) => q.id ?? q.slug, {
  message: 'id or slug is required',
});
export const operatorQuery = z.object({ slug: slugSchema, place: slugSchema.optional() });
export const operatorSlugQuery = operatorQuery.pick({ slug: true });
export const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(MAX_ROW_ID).default(0),
});
export const travelRoutesQuery = z.object({ from: slugSchema, limit: z.coerce.number().int().min(1).max(100).default(30) });
export const polymorphQuery = z.object({ slug: slugSchema });
export const travelReviewsQuery = z.looseObject({ from: slugSchema, to: slugSchema });

export interface NetworkApiOptions {
  db?: Db;
}

export function createNetworkApi(options: NetworkApiOptions = {}) {
  async function open(ctx: Ctx): Promise<Request> {
    const locale = localeBySegment(resolveSegment(ctx.params.lang));
    const t = createTranslator(locale.code, messagesFor(locale.code), ENGLISH);
    const db = options.db ?? (await getDbHandle()).db;
    return { locale, t, db, index: await getSearchIndex(db) };
  }

  /** The query as it comes (empty values included: these schemas say what each may be). */
  const parse = <S extends z.ZodType>(schema: S, ctx: Ctx) => parseInput(schema, Object.fromEntries(ctx.url.searchParams), 'invalid_query');

  const placeJson = (p: PlaceNode, r: Request) => ({
    id: p.id,
    slug: p.slug,
    name: name(p.names, r.locale.code),
    countryCode: p.countryCode,
  });
  const stationJson = (s: StationNode, r: Request) => ({
    id: s.id,
    slug: s.slug,
    kind: s.kind,
    name: name(s.names, r.locale.code),
    lat: s.lat,
    lon: s.lon,
    code: s.code,
    placeId: s.placeId,
    url: stationPath(r.locale.segment, s),
  });
  const placeById = (r: Request, id: number) => {
    const p = r.index.places.get(id);
    return p ? placeJson(p, r) : null;
  };
  const stationById = (r: Request, id: number) => {
    const st = r.index.stations.get(id);
    return st ? stationJson(st, r) : null;
  };
  const operatorJson = (o: OperatorNode, r: Request) => ({
    id: o.id,
    slug: o.slug,
    name: o.name,
    logo: o.logo,
    rating: o.rating === null ? null : roundRating(o.rating),
    reviewCount: o.reviewCount,
    confirmation: o.confirmation,
    vehclasses: o.vehicleClasses,
    url: operatorPath(r.locale.segment, o),
  });
  const reviewJson = (row: ReviewRow) => ({
    id: row.id,
    operatorId: row.operatorId,
    routeId: row.routeId,
    vehclass: row.vehicleClass,
    rating: row.rating,
    title: row.title,
    body: row.body,
    author: { name: row.authorName, country: row.authorCountry },
    language: row.language,
    travelDate: row.travelDate,
  });

  function stationData(station: StationNode, r: Request) {
    const summary = pagesFor(r.index).stations.get(station.id);
    const place = r.index.places.get(station.placeId);
    return {
      station: stationJson(station, r),
      place: place ? placeJson(place, r) : null,
      departures: (summary?.departures ?? []).map((d) => ({
        time: clockTime(d.minute),
        weekdays: d.weekdays,
        routeId: d.routeId,
        code: d.routeCode,
        operatorId: d.operatorId,
        vehclass: d.vehicleClass,
        toStationId: d.toStationId,
        durationMin: d.durationMin,
        approximate: d.approximate,
      })),
      routes: (summary?.connections ?? []).map((c) => ({ ...c, to: placeById(r, c.toPlaceId) })),
      operators: (summary?.operatorIds ?? []).flatMap((id) => {
        const o = r.index.operators.get(id);
        return o ? [operatorJson(o, r)] : [];
      }),
      nearby: (summary?.nearby ?? []).flatMap((n) => {
        const s = r.index.stations.get(n.stationId);
        return s ? [{ ...stationJson(s, r), km: n.km }] : [];
      }),
    };
  }

  function findStation(r: Request, q: { id?: number | undefined; slug?: string | undefined }): StationNode | undefined {
    return q.id !== undefined ? r.index.stations.get(q.id) : q.slug ? r.index.stationsBySlug.get(q.slug) : undefined;
  }
  function findOperator(r: Request, slug: string): OperatorNode | undefined {
    return [...r.index.operators.values()].find((o) => o.slug === slug);
  }

  async function reviewsResponse(r: Request, ctx: Ctx, where: Parameters<typeof reviewPage>[1]) {
    const q = parse(pageQuery, ctx);
    const page = await reviewPage(r.db, where, q.limit, q.offset);
    const average = page.reviews.length ? roundRating(page.reviews.reduce((n, x) => n + x.rating, 0) / page.reviews.length) : null;
    return json({ total: page.total, limit: q.limit, offset: q.offset, pageAverage: average, reviews: page.reviews.map(reviewJson) });
  }

  return endpoints({
    async home(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const [stats, store] = await Promise.all([cachedNetworkStats(), contentStore()]);
      const popular = [...r.index.operators.values()].sort((a, b) => b.reviewCount - a.reviewCount || a.id - b.id).slice(0, 8);
      const places = [...r.index.places.values()].sort((a, b) => b.popularity - a.popularity || a.id - b.id).slice(0, 12);
      return json({
        stats,
        popularOperators: popular.map((o) => operatorJson(o, r)),
        popularPlaces: places.map((p) => placeJson(p, r)),
        guides: allGuides(store, r.locale.code)
          .slice(0, 6)
          .map((g) => ({ slug: g.slug, title: g.title, summary: g.summary, url: `/${r.locale.segment}/travel-guides/${g.slug}` })),
      });
    },

    async operators(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const list = [...r.index.operators.values()].sort((a, b) => a.name.localeCompare(b.name, 'en'));
      return json({ operators: list.map((o) => operatorJson(o, r)) });
    },

    async operator(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(operatorSlugQuery, ctx);
      const op = findOperator(r, q.slug);
      if (!op) throw new ApiError('unknown_operator');
      const summary = pagesFor(r.index).operators.get(op.id);
      const latest = await reviewPage(r.db, byOperator(op.id), 10, 0);
      return json({
        operator: operatorJson(op, r),
        classes: summary?.classNames ?? [],
        routes: (summary?.routes ?? []).slice(0, 50).map((x) => ({
          routeId: x.route.id,
          code: x.route.code,
          vehclass: x.route.vehicleClass,
          from: placeById(r, x.fromPlaceId),
          to: placeById(r, x.toPlaceId),
          durationMin: x.durationMin,
          perWeek: x.perWeek,
        })),
        reviews: { total: latest.total, latest: latest.reviews.map(reviewJson) },
      });
    },

    async operatorTimetable(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(operatorQuery, ctx);
      const op = findOperator(r, q.slug);
      const place = q.place ? r.index.placesBySlug.get(q.place) : undefined;
      if (!op) throw new ApiError('unknown_operator');
      if (q.place && !place) throw new ApiError('unknown_place');
      const summary = pagesFor(r.index).operators.get(op.id) ?? { routes: [], classNames: [], stationIds: [] };
      const rows = operatorTimetable(summary, place ? { placeId: place.id } : {});
      return json({
        operator: operatorJson(op, r),
        timetable: rows.map((row) => ({
          ...row,
          from: stationById(r, row.fromStationId),
          to: stationById(r, row.toStationId),
        })),
      });
    },

    async station(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(stationQuery, ctx);
      const station = findStation(r, q);
      if (!station) throw new ApiError('unknown_place');
      return json(stationData(station, r));
    },

    /** The new station page's data: departures grouped by destination, with every time of day. */
    async stationNew(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(stationQuery, ctx);
      const station = findStation(r, q);
      if (!station) throw new ApiError('unknown_place');
      const data = stationData(station, r);
      const grouped = departuresByDestination(pagesFor(r.index).stations.get(station.id)?.departures ?? []);
      return json({
        station: data.station,
        place: data.place,
        destinations: grouped.map((g) => ({
          to: stationById(r, g.toStationId),
          times: g.minutes.map(clockTime),
          operatorIds: g.operatorIds,
          vehclasses: g.vehicleClasses,
          fastestMin: g.durationMin,
        })),
        routes: data.routes,
        operators: data.operators,
        nearby: data.nearby,
      });
    },

    /** Places reachable directly from a place (all its stations), busiest first. */
    async travelRoutes(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(travelRoutesQuery, ctx);
      const from = r.index.placesBySlug.get(q.from);
      if (!from) throw new ApiError('unknown_place');
      const merged = new Map<number, { perWeek: number; minDurationMin: number; vehclasses: Set<string>; operatorIds: Set<number> }>();
      for (const stationId of from.stationIds) {
        for (const c of pagesFor(r.index).stations.get(stationId)?.connections ?? []) {
          const m = merged.get(c.toPlaceId) ?? { perWeek: 0, minDurationMin: Infinity, vehclasses: new Set(), operatorIds: new Set() };
          m.perWeek += c.perWeek;
          m.minDurationMin = Math.min(m.minDurationMin, c.minDurationMin);
          c.vehicleClasses.forEach((v) => m.vehclasses.add(v));
          c.operatorIds.forEach((o) => m.operatorIds.add(o));
          merged.set(c.toPlaceId, m);
        }
      }
      const routes = [...merged]
        .sort((a, b) => b[1].perWeek - a[1].perWeek || a[0] - b[0])
        .slice(0, q.limit)
        .map(([placeId, m]) => ({
          to: placeById(r, placeId),
          perWeek: m.perWeek,
          minDurationMin: m.minDurationMin,
          vehclasses: [...m.vehclasses],
          operatorIds: [...m.operatorIds],
          url: `/${r.locale.segment}/travel/${from.slug}/${r.index.places.get(placeId)?.slug ?? ''}`,
        }));
      return json({ from: placeJson(from, r), routes });
    },

    /** What a slug in a travel URL names: a place, a station or an operator. */
    async travelPolymorph(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(polymorphQuery, ctx);
      const place = r.index.placesBySlug.get(q.slug);
      if (place)
        return json({
          type: 'place',
          place: placeJson(place, r),
          stations: place.stationIds.flatMap((id) => {
            const s = r.index.stations.get(id);
            return s ? [stationJson(s, r)] : [];
          }),
        });
      const station = r.index.stationsBySlug.get(q.slug);
      if (station) return json({ type: 'station', ...stationData(station, r) });
      const op = findOperator(r, q.slug);
      if (op) return json({ type: 'operator', operator: operatorJson(op, r) });
      throw new ApiError('unknown_place');
    },

    async reviews(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      return reviewsResponse(r, ctx, undefined);
    },

    async operatorReviews(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const slug = slugSchema.safeParse(ctx.params.operator);
      const op = slug.success ? findOperator(r, slug.data) : undefined;
      if (!op) throw new ApiError('unknown_operator', { fields: slug.success ? undefined : slug.error });
      return reviewsResponse(r, ctx, byOperator(op.id));
    },

    /** Reviews of the route a trip runs on: {trip} is a route id or a search result's trip key. */
    async tripReviews(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const raw = ctx.params.trip ?? '';
      const routeId = /^\d+$/.test(raw) ? Number(raw) : legFromKey(r.index, raw.split('~')[0] ?? '')?.route.id;
      if (routeId === undefined || !r.index.routes.some((x) => x.id === routeId)) throw new ApiError('unknown_trip');
      return reviewsResponse(r, ctx, byRoute(routeId));
    },

    /** Reviews of every route that runs between two places (?from=&to= slugs). */
    async travelReviews(ctx: Ctx): Promise<Response> {
      const r = await open(ctx);
      const q = parse(travelReviewsQuery, ctx);
      const from = r.index.placesBySlug.get(q.from);
      const to = r.index.placesBySlug.get(q.to);
      if (!from || !to) throw new ApiError('unknown_place');
      const routeIds = r.index.routes
        .filter((route) => {
          const a = route.stops.findIndex((s) => s.placeId === from.id);
          return a >= 0 && route.stops.some((s, i) => i > a && s.placeId === to.id);
        })
        .map((route) => route.id);
      if (routeIds.length === 0) return json({ total: 0, limit: 0, offset: 0, pageAverage: null, reviews: [] });
      return reviewsResponse(r, ctx, allOf(inArray(reviewsTable.routeId, routeIds)));
    },
  });
}

export type NetworkApi = ReturnType<typeof createNetworkApi>;
export const networkApi = createNetworkApi();
