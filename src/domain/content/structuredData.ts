/**
 * schema.org JSON-LD builders for the content, station and operator pages, and the list of
 * properties each type must carry to be useful to search engines (used by the tests that
 * validate every page's structured data).
 */

export interface Crumb {
  name: string;
  /** Site-relative path, e.g. /de/support. */
  path: string;
}

type Json = Record<string, unknown>;

export function breadcrumbList(items: readonly Crumb[], site: URL): Json {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: new URL(item.path, site).href,
    })),
  };
}

/** The site's logo for structured data: a raster square (search engines prefer one to SVG). */
export const SITE_LOGO_PATH = '/icon-512.png';

/**
 * The site as an organisation. `homePath` is a language's home (`/en`): the bare `/` only
 * redirects, and structured data should name addresses that answer 200.
 */
export function organization(name: string, site: URL, foundingYear: number, homePath: string): Json {
  return {
    '@type': 'Organization',
    name,
    url: new URL(homePath, site).href,
    logo: new URL(SITE_LOGO_PATH, site).href,
    foundingDate: String(foundingYear),
  };
}

/**
 * The home page's `WebSite`, with the site search as a `SearchAction`: `searchPath` is an
 * address that searches for its `q` parameter (the help centre's search box reads it).
 */
export function webSite(w: { name: string; site: URL; homePath: string; searchPath: string; inLanguage: string }): Json {
  const target = new URL(w.searchPath, w.site);
  target.searchParams.set('q', 'QUERY');
  return {
    '@type': 'WebSite',
    name: w.name,
    url: new URL(w.homePath, w.site).href,
    inLanguage: w.inLanguage,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: target.href.replace('QUERY', '{search_term_string}') },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function faqPage(questions: readonly { question: string; answer: string }[]): Json {
  return {
    '@type': 'FAQPage',
    mainEntity: questions.map((q) => ({
      '@type': 'Question',
      name: q.question,
      acceptedAnswer: { '@type': 'Answer', text: q.answer },
    })),
  };
}

export function article(a: {
  headline: string;
  description: string;
  url: URL;
  datePublished: Date;
  dateModified: Date;
  inLanguage: string;
  /** The site's name: the site writes and publishes its guides. */
  publisher: string;
  /** The language's home (`/en`), the publisher's address. */
  homePath: string;
}): Json {
  const publisher = {
    '@type': 'Organization',
    name: a.publisher,
    url: new URL(a.homePath, a.url).href,
    logo: new URL(SITE_LOGO_PATH, a.url).href,
  };
  return {
    '@type': 'Article',
    headline: a.headline,
    description: a.description,
    url: a.url.href,
    image: new URL(SITE_LOGO_PATH, a.url).href,
    datePublished: a.datePublished.toISOString(),
    dateModified: a.dateModified.toISOString(),
    inLanguage: a.inLanguage,
    author: publisher,
    publisher,
  };
}

/** Properties a block of each type must have (schema.org / search engine requirements). */
export const REQUIRED_PROPERTIES: Record<string, readonly string[]> = {
  Organization: ['name', 'url', 'logo'],
  WebSite: ['name', 'url'],
  SearchAction: ['target', 'query-input'],
  EntryPoint: ['urlTemplate'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name', 'item'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  Article: ['headline', 'image', 'datePublished', 'dateModified', 'author', 'publisher'],
  Place: ['name', 'geo'],
  BusStation: ['name', 'geo'],
  TrainStation: ['name', 'geo'],
  Airport: ['name', 'geo'],
  BoatTerminal: ['name', 'geo'],
  BusStop: ['name', 'geo'],
  GeoCoordinates: ['latitude', 'longitude'],
  AggregateRating: ['ratingValue', 'reviewCount'],
  Review: ['author', 'reviewRating'],
  Rating: ['ratingValue'],
  BusTrip: ['name', 'provider', 'offers'],
  TrainTrip: ['name', 'provider', 'offers'],
  BoatTrip: ['name', 'provider', 'offers'],
  Flight: ['name', 'provider', 'offers'],
  Offer: ['price', 'priceCurrency'],
};

/** Properties whose value schema.org types as a URL. */
const URL_PROPERTIES: ReadonlySet<string> = new Set(['url', 'logo', 'image', 'item', 'urlTemplate']);
/** schema.org Date or DateTime (ISO 8601). */
const DATE_PROPERTIES: ReadonlySet<string> = new Set(['datePublished', 'dateModified', 'foundingDate']);
/** schema.org DateTime or Time; a time of day must name its offset, or a reader cannot place it. */
const TIME_PROPERTIES: ReadonlySet<string> = new Set(['departureTime', 'arrivalTime']);

const ISO_DATE = /^\d{4}(?:-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?)?$/;
const ISO_TIME_OR_DATETIME = /^(?:\d{4}-\d{2}-\d{2}T)?\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/;

function valueProblem(key: string, value: unknown): string | null {
  if (URL_PROPERTIES.has(key) && typeof value === 'string') {
    const template = value.replace(/\{[a-z_]+\}/g, 'x');
    return /^https?:\/\/[^/]+/.test(template) && URL.canParse(template) ? null : `${key} is not an absolute URL: ${value}`;
  }
  if (DATE_PROPERTIES.has(key))
    return typeof value === 'string' && ISO_DATE.test(value) ? null : `${key} is not an ISO 8601 date: ${String(value)}`;
  if (TIME_PROPERTIES.has(key))
    return typeof value === 'string' && ISO_TIME_OR_DATETIME.test(value)
      ? null
      : `${key} is neither a DateTime nor a Time with offset: ${String(value)}`;
  return null;
}

/**
 * Every problem in a JSON-LD value: a typed node missing a required property, a node without
 * `@type` where one is expected, or a value of the wrong form (a relative URL, a date or time
 * that is not ISO 8601). Returns paths like `mainEntity.0.acceptedAnswer: missing text`.
 */
export function structuredDataProblems(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => structuredDataProblems(v, path ? `${path}.${i}` : String(i)));
  if (value === null || typeof value !== 'object') return [];
  const node = value as Json;
  const problems: string[] = [];
  const type = node['@type'];
  if (typeof type === 'string') {
    for (const prop of REQUIRED_PROPERTIES[type] ?? []) {
      const v = node[prop];
      if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0))
        problems.push(`${path || type}: missing ${prop}`);
    }
  }
  for (const [key, child] of Object.entries(node)) {
    if (key.startsWith('@')) continue;
    const problem = valueProblem(key, child);
    if (problem) problems.push(`${path || String(type)}: ${problem}`);
    problems.push(...structuredDataProblems(child, path ? `${path}.${key}` : key));
  }
  return problems;
}

/** Every URL a JSON-LD value names (to check that each answers). */
export function structuredDataUrls(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(structuredDataUrls);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Json).flatMap(([key, child]) =>
    URL_PROPERTIES.has(key) && key !== 'urlTemplate' && typeof child === 'string' ? [child] : structuredDataUrls(child),
  );
}
