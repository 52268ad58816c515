/**
 * Passenger counts (SPEC §3, §5, §9): adults at least 1, children and infants at least 0, at
 * most 20 people in all, so each counter's maximum is 20 minus the other two. Default 2 adults.
 */

export const MAX_PEOPLE = 20;
export const DEFAULT_PEOPLE = 2;

export type PassengerKind = 'adults' | 'children' | 'infants';
export const PASSENGER_KINDS: readonly PassengerKind[] = ['adults', 'children', 'infants'];

export interface Passengers {
  adults: number;
  children: number;
  infants: number;
}

export const DEFAULT_PASSENGERS: Passengers = { adults: DEFAULT_PEOPLE, children: 0, infants: 0 };

export function totalPeople(p: Passengers): number {
  return p.adults + p.children + p.infants;
}

export function counterMin(kind: PassengerKind): number {
  return kind === 'adults' ? 1 : 0;
}

/** Each counter may grow until the total reaches 20. */
export function counterMax(p: Passengers, kind: PassengerKind): number {
  return MAX_PEOPLE - (totalPeople(p) - p[kind]);
}

/** Sets one counter, clamped to its bounds. */
export function setCounter(p: Passengers, kind: PassengerKind, value: number): Passengers {
  const clamped = Math.min(counterMax(p, kind), Math.max(counterMin(kind), Math.trunc(value)));
  return { ...p, [kind]: clamped };
}

/** Any stored or typed counts, made valid (used for cookies, which a visitor can edit). */
export function normalizePassengers(raw: Partial<Record<PassengerKind, unknown>>): Passengers {
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : fallback);
  const adults = Math.min(MAX_PEOPLE, Math.max(1, num(raw.adults, DEFAULT_PEOPLE)));
  const children = Math.min(MAX_PEOPLE - adults, Math.max(0, num(raw.children, 0)));
  const infants = Math.min(MAX_PEOPLE - adults - children, Math.max(0, num(raw.infants, 0)));
  return { adults, children, infants };
}

/**
 * SPEC §5: `people` in the URL overrides the stored adults when it differs from the stored
 * total. The URL names only a head count, so it becomes that many adults.
 */
export function passengersFromUrl(stored: Passengers, people: number | undefined): Passengers {
  if (people === undefined || !Number.isInteger(people) || people < 1 || people > MAX_PEOPLE) return stored;
  if (people === totalPeople(stored)) return stored;
  return { adults: people, children: 0, infants: 0 };
}

/** Compact cookie form "adults.children.infants". */
export function encodePassengers(p: Passengers): string {
  return `${p.adults}.${p.children}.${p.infants}`;
}

export function decodePassengers(raw: string | undefined): Passengers {
  if (!raw) return DEFAULT_PASSENGERS;
  const [adults, children, infants] = raw.split('.').map(Number);
  return normalizePassengers({ adults, children, infants });
}
