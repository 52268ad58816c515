/**
 * Handlers behind the rail pass calls of SPEC §7: railpasses/pageData, search, hybridSearch,
 * recheck, destinations, info, railpasses, the SEO index, reviews/railpass/{slug},
 * railpassTypeahead and its /popular, and cart/railpass. Each route file calls one handler; each
 * handler parses its input with one schema exported here (for the OpenAPI document) and answers
 * from the catalogue the search index holds (src/server/railpass/catalogue.ts).
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { DEFAULT_CURRENCY, currencyCodeSchema } from '../../domain/currency.ts';
import { RAILPASS_DESTINATIONS, destinationName } from '../../domain/railpass/destinations.ts';
import {
  filterByPath,
  keptFilterBy,
  parseFilterBy,
  parseFilterQuery,
  withFilterBy,
  type RailpassFilters,
} from '../../domain/railpass/filters.ts';
import { railpassPurchaseSchema } from '../../domain/railpass/line.ts';
import { RAILPASS_SORTS } from '../../domain/railpass/types.ts';
import { pricingCurrency } from '../../domain/search/money.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { rowIdSchema } from '../../domain/ids.ts';
import { cartHashSchema } from '../../domain/cart/cartHash.ts';
import { isApiErrorCode } from '../api/catalogue.ts';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import { cartSessionCookieName, cartSessionCookieOptions, cartSessionKey, newCartSessionKey } from '../booking/access.ts';
import type { Db } from '../db/client.ts';
import { getSearchIndex } from '../search/cache.ts';
import { addRailpassToCart } from './addToCart.ts';
import { reviewCount, reviewsOf } from './reviews.ts';
import {
  destinationsOf,
  passesBetween,
  passInfo,
  passPath,
  passResult,
  roundRating,
  searchResults,
  typeaheadRecords,
  type ViewContext,
} from './results.ts';

type Ctx = Pick<APIContext, 'request' | 'url' | 'locals'>;

const key = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'invalid_key')
  .max(60);
const list = z.string().max(600).optional();
const geoIds = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, 'invalid_geo_ids')
  .optional();
const currency = currencyCodeSchema.default(DEFAULT_CURRENCY);

/** Query and body schemas, one per call. */
export const railpassPageDataQuery = z.object({ countrySlug: key, operatorSlug: key.optional(), currency });
export const railpassSearchQuery = z.object({
  countrySlug: key,
  searchGeoIds: geoIds,
  filterBy: z.string().max(80).optional(),
  operators: list,
  regions: list,
  validity: list,
  sort: z.enum(RAILPASS_SORTS).default('recommended'),
  currency,
});
export const railpassHybridQuery = z.object({ fromPlaceId: rowIdSchema, toPlaceId: rowIdSchema, currency });
export const railpassRecheckQuery = z.object({ recheckurl: key, searchGeoIds: geoIds, countrySlug: key, currency });
export const railpassCurrencyQuery = z.object({ currency });
export const railpassInfoQuery = z.object({ id: rowIdSchema, currency });
export const railpassReviewsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(10),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export const railpassTypeaheadQuery = z.object({ query: z.string().trim().min(1).max(60), currency });
export const cartRailpassBody = railpassPurchaseSchema.extend({
  cartHash: cartHashSchema.optional(),
  currency: currencyCodeSchema.optional(),
});

export interface RailpassApiOptions {
  db?: Db;
  now?: () => number;
}

const CACHE = { 'cache-control': 'public, max-age=60' };
const TYPEAHEAD_MAX = 60;

export function createRailpassApi(options: RailpassApiOptions = {}) {
  const now = options.now ?? (() => Date.now());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;

  /** The parsed query, the search index and what the views need; refuses a query that does not parse. */
  async function open<S extends z.ZodType>(ctx: Ctx, schema: S): Promise<{ q: z.output<S>; index: TimetableIndex; v: ViewContext }> {
    const q = parseInput(schema, queryObject(ctx.url), 'invalid_query') as z.output<S> & { currency?: string };
    // Throws search_unavailable (503) while the index cannot be loaded.
    const index = await getSearchIndex(options.db, now());
    const v: ViewContext = {
      currency: pricingCurrency(q.currency ?? DEFAULT_CURRENCY, index.fx),
      fx: index.fx,
      localeCode: ctx.locals.locale.code,
      segment: ctx.locals.locale.segment,
      t: ctx.locals.t,
    };
    return { q, index, v };
  }

  const passesOf = (index: TimetableIndex) => index.railpasses?.passes ?? [];

  function filtersOf(q: z.infer<typeof railpassSearchQuery>): { filters: RailpassFilters; filterBy: string | null } {
    const query = new URLSearchParams();
    if (q.operators) query.set('operators', q.operators);
    if (q.regions) query.set('regions', q.regions);
    if (q.validity) query.set('validity', q.validity);
    const selected = parseFilterQuery(query);
    // A landing on /{filterBy} (no lists in the query) selects the alias's value; once the
    // traveller changes the lists, the alias is kept only while its value stays selected.
    const landing = !q.operators && !q.regions && !q.validity;
    const filters = landing && q.filterBy ? withFilterBy(selected, parseFilterBy(q.filterBy)) : selected;
    const kept = keptFilterBy(q.filterBy, filters);
    return { filters, filterBy: kept ? filterByPath(kept) : null };
  }

  return endpoints({
    async pageData(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassPageDataQuery);
      const destination = RAILPASS_DESTINATIONS.find((d) => d.slug === r.q.countrySlug);
      const own = passesOf(r.index).filter((p) => p.countrySlug === r.q.countrySlug);
      if (!destination || own.length === 0) throw new ApiError('railpass_not_found');
      const operator = r.q.operatorSlug ? own.flatMap((p) => p.operators).find((o) => o.key === r.q.operatorSlug) : undefined;
      if (r.q.operatorSlug && !operator) throw new ApiError('unknown_operator');
      const passes = operator ? own.filter((p) => p.operators.some((o) => o.key === operator.key)) : own;
      const name = destinationName(destination, r.v.localeCode, r.v.t);
      return json(
        {
          destination: { slug: destination.slug, code: destination.code, name, url: `/${r.v.segment}/railpass/${destination.slug}` },
          operator: operator ?? null,
          operators: [...new Map(own.flatMap((p) => p.operators).map((o) => [o.key, o])).values()],
          ...searchResults(passes, { operators: [], regions: [], validity: [] }, 'recommended', r.v),
          currency: r.v.currency,
        },
        200,
        CACHE,
      );
    },

    async search(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassSearchQuery);
      const own = passesOf(r.index).filter((p) => p.countrySlug === r.q.countrySlug);
      const { filters, filterBy } = filtersOf(r.q);
      const results = searchResults(own, filters, r.q.sort, r.v);
      const issuers = [...new Set(own.flatMap((p) => p.operators.map((o) => o.key)))];
      const recheck = (issuer: string) => {
        const u = new URLSearchParams({ recheckurl: issuer, countrySlug: r.q.countrySlug, currency: r.v.currency });
        if (r.q.searchGeoIds) u.set('searchGeoIds', r.q.searchGeoIds);
        return `/api/nuxt/${r.v.segment}/railpasses/recheck?${u.toString()}`;
      };
      return json(
        { ...results, sortedBy: r.q.sort, selected: filters, filterBy, recheckUrls: issuers.map(recheck), currency: r.v.currency },
        200,
        CACHE,
      );
    },

    /** Live prices of one issuer's passes of a destination, to merge into the results by slug. */
    async recheck(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassRecheckQuery);
      const own = passesOf(r.index).filter((p) => p.countrySlug === r.q.countrySlug && p.operators.some((o) => o.key === r.q.recheckurl));
      return json(
        { passes: own.map((p) => passResult(p, r.v)).filter((p) => p.classOptions.length), currency: r.v.currency },
        200,
        NO_STORE,
      );
    },

    /** Passes that cover both places: what a trip search between them also offers. */
    async hybridSearch(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassHybridQuery);
      const from = r.index.places.get(r.q.fromPlaceId);
      const to = r.index.places.get(r.q.toPlaceId);
      if (!from || !to) throw new ApiError('unknown_place');
      return json({ passes: passesBetween(passesOf(r.index), from, to, r.v), currency: r.v.currency }, 200, CACHE);
    },

    async destinations(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassCurrencyQuery);
      return json({ destinations: destinationsOf(passesOf(r.index), r.v), currency: r.v.currency }, 200, CACHE);
    },

    async info(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassInfoQuery);
      const pass = r.index.railpasses?.byId.get(r.q.id);
      if (!pass) throw new ApiError('railpass_not_found');
      return json({ pass: passInfo(pass, r.v, now()), currency: r.v.currency }, 200, CACHE);
    },

    async railpasses(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassCurrencyQuery);
      return json({ passes: passesOf(r.index).map((p) => passResult(p, r.v)), currency: r.v.currency }, 200, CACHE);
    },

    /** Every rail pass page a crawler should know: destinations, their filterBy aliases, each pass. */
    async seoIndex(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassCurrencyQuery);
      const passes = passesOf(r.index);
      const base = `/${r.v.segment}/railpass`;
      const pages = [...new Set(passes.map((p) => p.countrySlug))].flatMap((slug) => {
        const own = passes.filter((p) => p.countrySlug === slug);
        const aliases = [
          ...new Set([
            ...own.flatMap((p) => p.operators.map((o) => `operator-${o.key}`)),
            ...own.flatMap((p) => p.regions.map((x) => `region-${x.key}`)),
            ...own.map((p) => filterByPath({ group: 'validity', days: p.validity.days })),
          ]),
        ];
        return [`${base}/${slug}`, ...aliases.map((a) => `${base}/${slug}/${a}`)];
      });
      return json({ pages: [base, ...pages, ...passes.map((p) => passPath(r.v.segment, p))] }, 200, CACHE);
    },

    async reviews(ctx: Ctx & Pick<APIContext, 'params'>): Promise<Response> {
      const r = await open(ctx, railpassReviewsQuery);
      const slug = key.safeParse(ctx.params.slug);
      const pass = slug.success ? passesOf(r.index).find((p) => p.slug === slug.data) : undefined;
      if (!pass) throw new ApiError('railpass_not_found');
      const db = await database();
      const [rows, total] = await Promise.all([reviewsOf(db, pass.id, r.q.limit, r.q.offset), reviewCount(db, pass.id)]);
      return json(
        {
          total,
          limit: r.q.limit,
          offset: r.q.offset,
          rating: roundRating(pass.rating),
          reviews: rows.map((x) => ({
            id: x.id,
            classKey: x.classKey,
            rating: x.rating,
            title: x.title,
            body: x.body,
            author: { name: x.authorName, country: x.authorCountry },
            language: x.language,
            travelDate: x.travelDate,
          })),
        },
        200,
        CACHE,
      );
    },

    /** Destinations and passes whose name (in the reader's language or English) contains the query. */
    async typeahead(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassTypeaheadQuery);
      const records = typeaheadRecords(passesOf(r.index), r.q.query, r.v, TYPEAHEAD_MAX);
      return json({ records }, 200, CACHE);
    },

    async popular(ctx: Ctx): Promise<Response> {
      const r = await open(ctx, railpassCurrencyQuery);
      const popular = [...passesOf(r.index)]
        .filter((p) => p.mainPassId === null)
        .sort((a, b) => b.popularity - a.popularity || a.id - b.id)
        .slice(0, 8);
      return json({ passes: popular.map((p) => passResult(p, r.v)), currency: r.v.currency }, 200, CACHE);
    },

    /** SPEC §7 cart/railpass: the pass into a new cart, or beside the trips of `cartHash`. */
    async addToCart(ctx: Ctx): Promise<Response> {
      const {
        cartHash,
        currency: wanted,
        ...purchase
      } = parseInput(cartRailpassBody, await readJson(ctx.request), 'invalid_railpass_purchase');
      const index = await getSearchIndex(options.db, now());
      const sessionKey = cartSessionKey(ctx.request) ?? newCartSessionKey();
      const result = await addRailpassToCart(await database(), index, {
        purchase,
        cartHash,
        lang: ctx.locals.locale.segment,
        currency: pricingCurrency(wanted ?? DEFAULT_CURRENCY, index.fx),
        now: now(),
        sessionKey,
      });
      if (!result.ok) {
        // The line is built here from a parsed purchase: a line its product refuses is our bug.
        if (!isApiErrorCode(result.code)) throw new Error(`rail pass line refused: ${result.code}`);
        throw new ApiError(result.code, { fields: 'fields' in result ? result.fields : undefined });
      }
      const cookie = `${cartSessionCookieName()}=${sessionKey}; Path=/; Max-Age=${String(cartSessionCookieOptions().maxAge)}; HttpOnly; SameSite=Lax${cartSessionCookieOptions().secure ? '; Secure' : ''}`;
      return json(
        {
          hash: result.hash,
          price: { minor: result.priceMinor, fxcode: result.currency },
          checkout_url: `/${ctx.locals.locale.segment}/checkout/${result.hash}`,
        },
        201,
        NO_STORE,
        [cookie],
      );
    },
  });
}

export type RailpassApi = ReturnType<typeof createRailpassApi>;
export const railpassApi: RailpassApi = createRailpassApi();
