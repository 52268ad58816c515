/**
 * Route facts for the results page and its structured data (SPEC §3 Fact, §7 facts-on-dates):
 * short statements a traveller acts on — the cheapest day this week, the fastest trip, whether
 * night trips exist (`travel`), the recommended trip and the day's groups of similar trips (the
 * two banner kinds, `bannerFacts.ts`). Only facts that are true for this search are returned.
 */
import { groupsBanner, recommendedBanner, type GroupsBanner, type RecommendedBanner } from './bannerFacts.ts';
import { addDays } from './dates.ts';
import { search, type Endpoint } from './search.ts';
import type { TimetableIndex } from './timetable.ts';
import type { Money } from './money.ts';

export type Fact =
  | { id: 'cheapest_day'; type: 'travel'; date: string; price: Money }
  | { id: 'fastest_trip'; type: 'travel'; key: string; duration_min: number; vehclasses: string[] }
  | { id: 'night_trips'; type: 'travel'; count: number }
  | { id: 'operators'; type: 'travel'; count: number }
  | RecommendedBanner
  | GroupsBanner;

export interface FactsQuery {
  from: Endpoint;
  to: Endpoint;
  date: string;
  people: number;
  currency: string;
  now: number;
}

function isNight(localDateTime: string): boolean {
  const hour = Number(localDateTime.slice(11, 13));
  return hour >= 19 || hour < 5;
}

export function factsOnDates(index: TimetableIndex, q: FactsQuery): Fact[] {
  const base = { from: q.from, to: q.to, people: q.people, classes: 'all' as const, currency: q.currency, now: q.now };
  const facts: Fact[] = [];
  const week = Array.from({ length: 7 }, (_, i) => addDays(q.date, i)).map((date) => ({ date, result: search(index, { ...base, date }) }));
  const priced = week.flatMap(({ date, result }) => {
    const price = result.trips
      .filter((t) => t.params.is_bookable)
      .map((t) => t.min_price)
      .reduce<Money | undefined>((a, b) => (!a || b.minor < a.minor ? b : a), undefined);
    return price ? [{ date, price }] : [];
  });
  if (priced.length >= 2) {
    const cheapest = priced.reduce((a, b) => (b.price.minor < a.price.minor ? b : a));
    facts.push({ id: 'cheapest_day', type: 'travel', date: cheapest.date, price: cheapest.price });
  }
  const today = week[0]?.result.trips ?? [];
  const fastest = today.reduce<(typeof today)[number] | undefined>(
    (a, b) => (!a || b.params.duration_min < a.params.duration_min ? b : a),
    undefined,
  );
  if (fastest)
    facts.push({
      id: 'fastest_trip',
      type: 'travel',
      key: fastest.key,
      duration_min: fastest.params.duration_min,
      vehclasses: fastest.params.vehclasses,
    });
  const night = today.filter((t) => isNight(t.params.dep_time)).length;
  if (night > 0) facts.push({ id: 'night_trips', type: 'travel', count: night });
  const operators = new Set(today.flatMap((t) => t.params.operators)).size;
  if (operators > 0) facts.push({ id: 'operators', type: 'travel', count: operators });
  // The banners come last: the first fact is the one-line summary on a phone and must stay short.
  const recommended = recommendedBanner(today);
  if (recommended) facts.push(recommended);
  const groups = groupsBanner(today);
  if (groups) facts.push(groups);
  return facts;
}

/** Aggregates for the page's structured data (experimentJSONLD). */
export function routeFacts(index: TimetableIndex, from: Endpoint, to: Endpoint, date: string, currency: string, now: number) {
  const { trips } = search(index, { from, to, date, people: 1, classes: 'all', currency, now });
  return {
    trips: trips.length,
    min_price: trips
      .filter((t) => t.params.is_bookable)
      .map((t) => t.min_price)
      .reduce<Money | null>((a, b) => (!a || b.minor < a.minor ? b : a), null),
    min_duration_min: trips.length ? Math.min(...trips.map((t) => t.params.duration_min)) : null,
    vehclasses: [...new Set(trips.flatMap((t) => t.params.vehclasses))].sort(),
    operators: [...new Set(trips.flatMap((t) => t.params.operators))].map((id) => index.operators.get(id)?.name ?? '').filter(Boolean),
  };
}
