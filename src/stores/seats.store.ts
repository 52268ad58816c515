/**
 * The seat choice of the passengers step (issue 27): per leg with a seat map, the places chosen,
 * opened with places for everyone together (src/domain/seats/together.ts). Places another
 * booking took while the traveller was choosing (a `seat_taken` answer) join the taken ones.
 */
import { atom } from 'nanostores';
import type { LegChoice } from '../domain/seats/selection.ts';

export interface SeatMapPlace {
  code: string;
  position: 'window' | 'aisle' | 'middle';
}

export interface SeatMapData {
  leg: number;
  vehicle: string;
  taken: string[];
  decks: {
    deck: 'main' | 'lower' | 'upper';
    kind: 'seat' | 'berth';
    pattern: string;
    rows: { row: number; places: (SeatMapPlace | null)[] }[];
  }[];
  /** Station names of the leg, for the map's legend. */
  from: string;
  to: string;
}

/** Chosen places by cart leg. */
export const $chosenSeats = atom<Record<number, string[]>>({});
/** Places found taken after the page was made, by cart leg. */
export const $takenSince = atom<Record<number, string[]>>({});

export function initSeats(choice: Record<number, string[]>): void {
  $chosenSeats.set(choice);
  $takenSince.set({});
}

/** Chooses or gives back a place; a full choice gives back its oldest place to take the new one. */
export function toggleSeat(leg: number, code: string, people: number): void {
  const current = $chosenSeats.get()[leg] ?? [];
  const next = current.includes(code) ? current.filter((c) => c !== code) : [...current, code].slice(-people);
  $chosenSeats.set({ ...$chosenSeats.get(), [leg]: next });
}

/** The form's `seats`, in the order of the maps (its error paths are `seats.<i>`); undefined without maps. */
export function seatChoice(maps: readonly Pick<SeatMapData, 'leg'>[]): LegChoice[] | undefined {
  if (maps.length === 0) return undefined;
  const chosen = $chosenSeats.get();
  return maps.map((m) => ({ leg: m.leg, seats: chosen[m.leg] ?? [] }));
}

/** After a `seat_taken` answer: those places are taken now and no longer chosen. */
export function markTaken(seats: readonly string[], maps: readonly Pick<SeatMapData, 'leg' | 'decks'>[]): void {
  const lost = new Set(seats);
  const chosen = { ...$chosenSeats.get() };
  const since = { ...$takenSince.get() };
  for (const m of maps) {
    const mine = chosen[m.leg] ?? [];
    const gone = mine.filter((c) => lost.has(c));
    if (gone.length === 0) continue;
    chosen[m.leg] = mine.filter((c) => !lost.has(c));
    since[m.leg] = [...(since[m.leg] ?? []), ...gone];
  }
  $chosenSeats.set(chosen);
  $takenSince.set(since);
}
