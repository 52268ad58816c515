/**
 * Rail passes as the calls answer them: the SPEC §3 result (prices converted from the issuer's
 * currency into the traveller's through the search FX, class options cheapest first) and the
 * full pass for its info page. Pure over the catalogue and the FX table.
 */
import { passesCovering, type CoveredPlace } from '../../domain/railpass/coverage.ts';
import { destinationBySlug, destinationName } from '../../domain/railpass/destinations.ts';
import { applyFilters, filterOptions, type RailpassFilters } from '../../domain/railpass/filters.ts';
import { activationWindow, classMinFare } from '../../domain/railpass/purchase.ts';
import { sortClassOptions, sortPasses } from '../../domain/railpass/sort.ts';
import { validityDays, type RailpassRecord, type RailpassResult, type RailpassSort } from '../../domain/railpass/types.ts';
import { convertMinor, toMoney, type Money } from '../../domain/search/money.ts';
import type { FxRate } from '../../domain/search/timetable.ts';
import type { Translate } from '../../i18n/translate.ts';
import { localized } from './product.ts';

export interface ViewContext {
  currency: string;
  fx: ReadonlyMap<string, FxRate>;
  localeCode: string;
  /** The locale's URL segment. */
  segment: string;
  t: Translate;
}

/** A fare of the issuer in the traveller's currency; undefined without a rate. */
export function priceIn(minor: number, pass: Pick<RailpassRecord, 'currency'>, v: Pick<ViewContext, 'currency' | 'fx'>): Money | undefined {
  const converted = convertMinor(minor, pass.currency, v.currency, v.fx);
  return converted === undefined ? undefined : toMoney(converted, v.currency, v.fx);
}

/** Ratings are shown, and given to structured data, rounded to one decimal (SPEC §9). */
export function roundRating(rating: number | null): number | null {
  return rating === null ? null : Math.round(rating * 10) / 10;
}

export function passPath(segment: string, pass: Pick<RailpassRecord, 'countrySlug' | 'operators' | 'slug' | 'id'>): string {
  const operator = pass.operators[0]?.key ?? 'issuer';
  return `/${segment}/railpass/${pass.countrySlug}/operator-${operator}/${pass.slug}-${String(pass.id)}`;
}

export function passResult(pass: RailpassRecord, v: ViewContext): RailpassResult & { url: string } {
  const rating = roundRating(pass.rating);
  const options = pass.classOptions.flatMap((o) => {
    const minPrice = priceIn(classMinFare(o), pass, v);
    return minPrice ? [{ key: o.key, name: localized(o.name, v.localeCode), minPrice, reviews: pass.reviewCount, rating }] : [];
  });
  return {
    slug: pass.slug,
    id: pass.id,
    mainPassId: pass.mainPassId,
    type: pass.type,
    name: localized(pass.names, v.localeCode),
    classOptions: sortClassOptions(options),
    validity: [validityDays(pass.validity)],
    operators: pass.operators,
    regions: pass.regions.map((r) => ({ key: r.key, name: localized(r.name, v.localeCode) })),
    labels: pass.labels.map((key) => ({ key })),
    features: pass.features.map((key) => ({ key })),
    popularity: pass.popularity,
    rating,
    reviews: pass.reviewCount,
    url: passPath(v.segment, pass),
  };
}

/** A destination's passes: SPEC §4's order of work (class options sorted, filters, then the sort). */
export function searchResults(passes: readonly RailpassRecord[], filters: RailpassFilters, sort: RailpassSort, v: ViewContext) {
  const all = passes.map((p) => passResult(p, v)).filter((p) => p.classOptions.length > 0);
  return { passes: sortPasses(applyFilters(all, filters), sort), filters: filterOptions(all, filters), total: all.length };
}

export function destinationsOf(passes: readonly RailpassRecord[], v: ViewContext) {
  const slugs = [...new Set(passes.map((p) => p.countrySlug))];
  return slugs.flatMap((slug) => {
    const d = destinationBySlug(slug);
    if (!d) return [];
    const own = passes.filter((p) => p.countrySlug === slug);
    const prices = own.flatMap((p) => p.classOptions.map((o) => priceIn(classMinFare(o), p, v))).filter((m): m is Money => !!m);
    const min = prices.reduce<Money | null>((best, m) => (!best || m.minor < best.minor ? m : best), null);
    return [
      {
        slug,
        code: d.code,
        name: destinationName(d, v.localeCode, v.t),
        passes: own.length,
        minPrice: min,
        url: `/${v.segment}/railpass/${slug}`,
      },
    ];
  });
}

/** Everything the pass info page shows. */
export function passInfo(pass: RailpassRecord, v: ViewContext, now: number) {
  const window = activationWindow(pass, now);
  const destination = destinationBySlug(pass.countrySlug);
  return {
    ...passResult(pass, v),
    summary: localized(pass.summary, v.localeCode),
    currency: pass.currency,
    destination: destination ? { slug: destination.slug, name: destinationName(destination, v.localeCode, v.t) } : null,
    countryCodes: pass.countryCodes,
    classes: pass.classOptions.map((o) => ({
      key: o.key,
      name: localized(o.name, v.localeCode),
      fares: Object.entries(o.fares).flatMap(([kind, minor]) => {
        const price = priceIn(minor, pass, v);
        return price ? [{ kind, price, issuerPrice: toMoney(minor, pass.currency, v.fx) }] : [];
      }),
    })),
    passengerKinds: pass.passengerKinds,
    validityRule: pass.validity,
    activationWindow: window,
    residence: pass.residence,
    refund: pass.refund,
    activation: pass.activation,
    photos: pass.photos.map((p) => ({
      src: `/railpass/${p.file}`,
      srcset: `/railpass/${p.file} 1x`,
      alt: localized(p.alt, v.localeCode),
      caption: localized(p.caption, v.localeCode),
    })),
  };
}

/** Destinations, then passes by popularity, whose name (in the reader's language or English) or issuer contains the query. */
export function typeaheadRecords(passes: readonly RailpassRecord[], query: string, v: ViewContext, max: number) {
  const needle = query.trim().toLocaleLowerCase(v.localeCode);
  const has = (s: string) => s.toLocaleLowerCase(v.localeCode).includes(needle);
  const destinations = destinationsOf(passes, v).filter((d) => has(d.name) || has(d.slug.replaceAll('-', ' ')));
  const matching = passes
    .filter((p) => has(localized(p.names, v.localeCode)) || has(p.names.en) || p.operators.some((o) => has(o.name)))
    .sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  return [
    ...destinations.map((d) => ({ kind: 'destination' as const, slug: d.slug, name: d.name, countryCode: d.code, url: d.url })),
    ...matching.map((p) => ({
      kind: 'pass' as const,
      slug: p.slug,
      name: localized(p.names, v.localeCode),
      countryCode: p.countryCodes[0] ?? null,
      url: passPath(v.segment, p),
    })),
  ].slice(0, max);
}

/**
 * Passes that cover both places (src/domain/railpass/coverage.ts): what a trip search between
 * them also offers (SPEC §3 "passes" in the trips data) and what hybridSearch answers. Most
 * popular first.
 */
export function passesBetween(passes: readonly RailpassRecord[], from: CoveredPlace, to: CoveredPlace, v: ViewContext) {
  return passesCovering(passes, from, to)
    .map((p) => passResult(p, v))
    .filter((p) => p.classOptions.length > 0);
}
