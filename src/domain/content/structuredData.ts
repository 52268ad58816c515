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

export function organization(name: string, site: URL, foundingYear: number): Json {
  return {
    '@type': 'Organization',
    name,
    url: new URL('/', site).href,
    logo: new URL('/favicon.svg', site).href,
    foundingDate: String(foundingYear),
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
  dateModified: Date;
  inLanguage: string;
  publisher: string;
}): Json {
  return {
    '@type': 'Article',
    headline: a.headline,
    description: a.description,
    url: a.url.href,
    dateModified: a.dateModified.toISOString(),
    inLanguage: a.inLanguage,
    publisher: { '@type': 'Organization', name: a.publisher, url: new URL('/', a.url).href },
  };
}

/** Properties a block of each type must have (schema.org / search engine requirements). */
export const REQUIRED_PROPERTIES: Record<string, readonly string[]> = {
  Organization: ['name', 'url'],
  BreadcrumbList: ['itemListElement'],
  ListItem: ['position', 'name', 'item'],
  FAQPage: ['mainEntity'],
  Question: ['name', 'acceptedAnswer'],
  Answer: ['text'],
  Article: ['headline', 'dateModified'],
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

/**
 * Every problem in a JSON-LD value: a typed node missing a required property, or a node without
 * `@type` where one is expected. Returns paths like `mainEntity.0.acceptedAnswer: missing text`.
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
    problems.push(...structuredDataProblems(child, path ? `${path}.${key}` : key));
  }
  return problems;
}
