/**
 * Where the search form sends the traveller (SPEC §2, §4): /{lang}/{vehclass}/{from}/{to} with
 * date, date2 and people in the query. Nothing happens when a slug is missing or the target is
 * the page already shown.
 */
import { normalizeSearchDates } from '../search/dates.ts';

export interface SearchTargetInput {
  lang: string;
  vehclass: string;
  fromSlug: string | undefined;
  toSlug: string | undefined;
  date: string | undefined;
  date2: string | undefined;
  people: number;
  today: string;
}

export function searchTarget(input: SearchTargetInput, currentUrl?: string): string | undefined {
  if (!input.fromSlug || !input.toSlug) return undefined;
  const dates = normalizeSearchDates({ date: input.date, date2: input.date2 }, input.today);
  const query = new URLSearchParams({ date: dates.date });
  if (dates.date2) query.set('date2', dates.date2);
  query.set('people', String(input.people));
  const path = `/${input.lang}/${input.vehclass}/${encodeURIComponent(input.fromSlug)}/${encodeURIComponent(input.toSlug)}`;
  const target = `${path}?${query.toString()}`;
  if (currentUrl !== undefined && sameTarget(target, currentUrl)) return undefined;
  return target;
}

/** Same path and same search parameters (other parameters such as filters do not count). */
function sameTarget(target: string, current: string): boolean {
  const a = new URL(target, 'http://x');
  const b = new URL(current, 'http://x');
  if (a.pathname !== b.pathname) return false;
  return ['date', 'date2', 'people'].every((k) => (a.searchParams.get(k) ?? '') === (b.searchParams.get(k) ?? ''));
}

/** SPEC §1: the hotel affiliate link for the destination and the stay (return date or one night). */
export function hotelUrl(template: string, destination: string, checkin: string, checkout: string): string {
  return template
    .replace('{destination}', encodeURIComponent(destination))
    .replace('{checkin}', encodeURIComponent(checkin))
    .replace('{checkout}', encodeURIComponent(checkout));
}
