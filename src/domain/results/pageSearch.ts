/**
 * The search a results URL asks for (SPEC §2 query: date, date2, people, direction), worked out
 * from the page's route and the query. The server uses it for pages rendered on request; the
 * islands use it in the browser, because a pre-rendered page is one file for every query and
 * every day: its built-in date would go stale and its query is never seen by the server.
 */
import { applyDirection, dayNumber, normalizeSearchDates } from '../search/dates.ts';
import { DEFAULT_PEOPLE, MAX_PEOPLE } from './passengers.ts';
import { cleanParams } from './queryState.ts';

export interface PagePlace {
  id: string;
  slug: string;
  name: string;
}

/** What a results page knows without a query: its two places, classes and the origin's zone. */
export interface PageSearchBase<P extends PagePlace = PagePlace> {
  from: P;
  to: P;
  /** The class segment of the search API (`all`, `bus-train`, …). */
  vehclasses: string;
  /** The origin's UTC offset in minutes: "today" is the origin's today (SPEC §4 date rules). */
  originOffsetMin: number;
}

export interface PageSearchRequest {
  fromId: string;
  toId: string;
  date: string;
  date2: string | undefined;
  people: number;
  vehclasses: string;
}

export interface PageSearch<P extends PagePlace = PagePlace> {
  /** The search's from and to, after direction=backward. */
  from: P;
  to: P;
  date: string;
  date2: string | undefined;
  people: number;
  request: PageSearchRequest;
  /**
   * The departure date the URL asked for when it had already passed (the search runs for today
   * instead): the page says so and puts the date it searched into the URL.
   */
  pastDate: string | undefined;
}

/** Today's date at a UTC offset, as YYYY-MM-DD. */
export function todayAt(offsetMin: number, nowMs: number): string {
  return new Date(nowMs + offsetMin * 60_000).toISOString().slice(0, 10);
}

/** `today` is the origin's today (`todayAt(base.originOffsetMin, now)`). */
export function pageSearch<P extends PagePlace>(base: PageSearchBase<P>, query: URLSearchParams, today: string): PageSearch<P> {
  const dates = normalizeSearchDates({ date: query.get('date'), date2: query.get('date2') }, today);
  const rawPeople = Number(query.get('people') ?? DEFAULT_PEOPLE);
  const people = Number.isInteger(rawPeople) && rawPeople >= 1 && rawPeople <= MAX_PEOPLE ? rawPeople : DEFAULT_PEOPLE;
  const { from, to } = applyDirection(base.from, base.to, query.get('direction') === 'backward' ? 'backward' : 'forward');
  const asked = query.get('date') ?? '';
  const askedDay = dayNumber(asked);
  const todayDay = dayNumber(today);
  return {
    from,
    to,
    date: dates.date,
    date2: dates.date2,
    people,
    pastDate: askedDay !== undefined && todayDay !== undefined && askedDay < todayDay ? asked : undefined,
    request: { fromId: from.id, toId: to.id, date: dates.date, date2: dates.date2, people, vehclasses: base.vehclasses },
  };
}

/** The search of a page in the browser: its query string (`location.search`) at `nowMs`. */
export function pageSearchAt<P extends PagePlace>(base: PageSearchBase<P>, queryString: string, nowMs: number): PageSearch<P> {
  return pageSearch(base, cleanParams(new URLSearchParams(queryString)), todayAt(base.originOffsetMin, nowMs));
}

/**
 * The query of a URL whose past dates were moved (`search.pastDate` set): the same query with
 * the dates the page searched, for `history.replaceState`. Undefined when nothing moved.
 */
export function correctedQuery(queryString: string, search: Pick<PageSearch, 'date' | 'date2' | 'pastDate'>): string | undefined {
  if (search.pastDate === undefined) return undefined;
  const query = new URLSearchParams(queryString);
  query.set('date', search.date);
  if (search.date2) query.set('date2', search.date2);
  else query.delete('date2');
  return `?${query.toString()}`;
}

/** Only what the islands need of the base (the page's endpoints carry more fields). */
export function plainBase(base: PageSearchBase): PageSearchBase {
  const place = (p: PagePlace): PagePlace => ({ id: p.id, slug: p.slug, name: p.name });
  return { from: place(base.from), to: place(base.to), vehclasses: base.vehclasses, originOffsetMin: base.originOffsetMin };
}
