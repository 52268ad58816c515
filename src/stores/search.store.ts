/**
 * The search form's state (SPEC §3 Search form, §4 transitions): places, dates, passengers, the
 * accommodation switch, and the actions the form calls. The last search is kept in cookies so
 * that the form comes back filled on the next visit, on any page.
 */
import { atom, computed } from 'nanostores';
import { addDays, DEFAULT_DAYS_AHEAD, normalizeSearchDates } from '../domain/search/dates.ts';
import {
  DEFAULT_PASSENGERS,
  decodePassengers,
  encodePassengers,
  normalizePassengers,
  passengersFromUrl,
  setCounter,
  totalPeople,
  type PassengerKind,
  type Passengers,
} from '../domain/results/passengers.ts';
import { hotelUrl, searchTarget } from '../domain/results/searchTarget.ts';
import { readCookie, writeCookie } from './cookies.ts';

export interface PlaceChoice {
  id: string;
  slug: string;
  name: string;
}

export interface SearchFormInitial {
  from?: PlaceChoice | undefined;
  to?: PlaceChoice | undefined;
  date?: string | undefined;
  date2?: string | undefined;
  people?: number | undefined;
}

export const $from = atom<PlaceChoice | null>(null);
export const $to = atom<PlaceChoice | null>(null);
export const $date = atom<string>('');
export const $date2 = atom<string | undefined>(undefined);
export const $passengers = atom<Passengers>(DEFAULT_PASSENGERS);
/** SPEC §4: submit stays disabled until the island is mounted. */
export const $mounted = atom(false);
/** SPEC §1: the accommodation switch, kept in session storage, on by default. */
export const $accommodation = atom(true);

export const $people = computed($passengers, totalPeople);
export const $canSubmit = computed([$mounted, $from, $to], (mounted, from, to) => mounted && from !== null && to !== null);

const ACCOMMODATION_KEY = 'accommodation';

/** Today in the visitor's calendar, as YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

function placeFromCookies(prefix: 'from' | 'to'): PlaceChoice | null {
  const id = readCookie(`${prefix}_id`);
  const slug = readCookie(`${prefix}_slug`);
  const name = readCookie(`${prefix}_name`);
  return id && slug && name ? { id, slug, name } : null;
}

/**
 * Fills the form: what the page says (the results page knows its route and query) wins over
 * the last search stored in cookies; dates follow the SPEC §4 rules.
 */
/**
 * What the form shows before its stores are filled (the server's render and hydration): the
 * search the page gave it — a results page renders its own — or an empty form. The island
 * hydrates on the first touch, so this is what a traveller sees until then.
 */
export function formBeforeMount(initial: SearchFormInitial): {
  from: PlaceChoice | null;
  to: PlaceChoice | null;
  date: string;
  date2: string | undefined;
  passengers: Passengers;
} {
  return {
    from: initial.from ?? null,
    to: initial.to ?? null,
    date: initial.date ?? '',
    date2: initial.date2,
    passengers: passengersFromUrl(DEFAULT_PASSENGERS, initial.people),
  };
}

export function initSearchForm(initial: SearchFormInitial, today = localToday()): void {
  $from.set(initial.from ?? placeFromCookies('from'));
  $to.set(initial.to ?? placeFromCookies('to'));
  const dates = normalizeSearchDates(
    {
      date: initial.date ?? readCookie('search_date'),
      date2: initial.date ? initial.date2 : (initial.date2 ?? readCookie('search_date2')),
    },
    today,
  );
  $date.set(dates.date);
  $date2.set(dates.date2);
  $passengers.set(passengersFromUrl(decodePassengers(readCookie('passengers')), initial.people));
  try {
    $accommodation.set(sessionStorage.getItem(ACCOMMODATION_KEY) !== '0');
  } catch {
    // Storage can be blocked; the switch then simply starts on.
  }
  $mounted.set(true);
}

export function setFrom(place: PlaceChoice | null): void {
  $from.set(place);
}

export function setTo(place: PlaceChoice | null): void {
  $to.set(place);
}

/** SPEC §4: swap exchanges from and to. */
export function swapPlaces(): void {
  const from = $from.get();
  $from.set($to.get());
  $to.set(from);
}

/** A new departure date; a return date before it becomes the departure (SPEC §4, §5 calendar). */
export function setDate(date: string, today = localToday()): void {
  const dates = normalizeSearchDates({ date, date2: $date2.get() }, today);
  $date.set(dates.date);
  $date2.set(dates.date2);
}

/** Clearing the return date makes the search one way. */
export function setReturnDate(date2: string | undefined, today = localToday()): void {
  if (date2 === undefined) {
    $date2.set(undefined);
    return;
  }
  const dates = normalizeSearchDates({ date: $date.get(), date2 }, today);
  $date.set(dates.date);
  $date2.set(dates.date2);
}

export function setPassengerCount(kind: PassengerKind, value: number): void {
  $passengers.set(setCounter($passengers.get(), kind, value));
}

/** SPEC §4: the people modal writes its counts (and so the total) back when it closes. */
export function setPassengers(p: Passengers): void {
  $passengers.set(normalizePassengers(p));
}

export function setAccommodation(on: boolean): void {
  $accommodation.set(on);
  try {
    sessionStorage.setItem(ACCOMMODATION_KEY, on ? '1' : '0');
  } catch {
    // Not kept across pages when storage is blocked; the choice still holds for this search.
  }
}

function rememberSearch(target: string): void {
  // The header's back button returns here from other pages (src/components/backButton.client.ts).
  writeCookie('last_search', target);
  for (const [prefix, place] of [
    ['from', $from.get()],
    ['to', $to.get()],
  ] as const) {
    writeCookie(`${prefix}_id`, place?.id);
    writeCookie(`${prefix}_slug`, place?.slug);
    writeCookie(`${prefix}_name`, place?.name);
  }
  writeCookie('search_date', $date.get());
  writeCookie('search_date2', $date2.get());
  writeCookie('passengers', encodePassengers($passengers.get()));
}

export interface SubmitOptions {
  lang: string;
  vehclass: string;
  hotelTemplate: string;
  currentUrl: string;
  today?: string;
  /** Navigation and the hotel tab, injectable for tests. */
  navigate?: (url: string) => void;
  openHotel?: (url: string) => void;
}

/**
 * SPEC §4 search navigation: remembers the search, opens the hotel affiliate when the
 * accommodation switch is on, and goes to the results page — unless a slug is missing or the
 * target is the current page. Returns the target, or undefined when nothing happened.
 */
export function submitSearch(options: SubmitOptions): string | undefined {
  if (!$canSubmit.get()) return undefined;
  const today = options.today ?? localToday();
  const from = $from.get();
  const to = $to.get();
  const target = searchTarget(
    {
      lang: options.lang,
      vehclass: options.vehclass,
      fromSlug: from?.slug,
      toSlug: to?.slug,
      date: $date.get(),
      date2: $date2.get(),
      people: $people.get(),
      today,
    },
    options.currentUrl,
  );
  if (!target) return undefined;
  rememberSearch(target);
  if ($accommodation.get() && to) {
    const checkin = $date.get() || addDays(today, DEFAULT_DAYS_AHEAD);
    const open =
      options.openHotel ??
      ((url: string) => {
        window.open(url, '_blank', 'noopener');
      });
    open(hotelUrl(options.hotelTemplate, to.name, checkin, $date2.get() ?? addDays(checkin, 1)));
  }
  const navigate =
    options.navigate ??
    ((url: string) => {
      window.location.assign(url);
    });
  navigate(target);
  return target;
}
