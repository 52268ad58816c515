/**
 * Vehicle layouts (issue 27, SPEC §5 seats): how the places of one vehicle are arranged, deck by
 * deck. A layout is stored compactly — per deck a row range and a pattern such as `AB_CD` (seat
 * letters, `_` for the aisle) — and expanded here into the places a seat map shows. A travel
 * option sells the first `seatsPerDeparture` places of its vehicle in row order, so an operator
 * that sells fewer seats than the vehicle has leaves the last ones empty.
 */
import { z } from 'zod';

export const DECKS = ['main', 'lower', 'upper'] as const;
export type DeckName = (typeof DECKS)[number];

/** Where a place sits, as a traveller asks for it: by the window, at the aisle, in the middle. */
export type SeatPosition = 'window' | 'aisle' | 'middle';

export const deckSchema = z.object({
  deck: z.enum(DECKS),
  /** Seats to sit in, or berths to lie in (sleeper buses and trains). */
  kind: z.enum(['seat', 'berth']),
  firstRow: z.number().int().min(1).max(99),
  rows: z.number().int().min(1).max(99),
  /** One letter per place across the vehicle, `_` for the aisle: `AB_CD`, `A_BC`, `ABC_DEF`. */
  pattern: z.string().regex(/^[A-K_]{1,12}$/),
});

export const layoutDecksSchema = z.array(deckSchema).min(1).max(3);
export type LayoutDeck = z.infer<typeof deckSchema>;

export interface Place {
  /** Printed on the ticket and sent by the form: row number then letter, `12A`. */
  code: string;
  deck: DeckName;
  kind: 'seat' | 'berth';
  row: number;
  /** Index of the place's column in its deck's pattern (aisles count), for drawing the grid. */
  column: number;
  letter: string;
  position: SeatPosition;
}

export interface ExpandedDeck {
  deck: DeckName;
  kind: 'seat' | 'berth';
  /** Columns across, aisles included: `AB_CD` is five. */
  width: number;
  /** Letters and aisles across, for the column headings. */
  pattern: string;
  rows: { row: number; places: (Place | null)[] }[];
}

function positionOf(pattern: string, column: number): SeatPosition {
  if (column === 0 || column === pattern.length - 1) return 'window';
  if (pattern[column - 1] === '_' || pattern[column + 1] === '_') return 'aisle';
  return 'middle';
}

/**
 * The vehicle's places deck by deck, limited to the first `limit` places in row order (deck by
 * deck, row by row, left to right): what the travel option sells. Cells past the limit are null.
 */
export function expandLayout(decks: readonly LayoutDeck[], limit = Number.POSITIVE_INFINITY): ExpandedDeck[] {
  let left = limit;
  return decks.map((d) => {
    const rows: ExpandedDeck['rows'] = [];
    for (let r = 0; r < d.rows; r++) {
      const row = d.firstRow + r;
      const places = Array.from(d.pattern, (letter) => letter).map((letter, column): Place | null => {
        if (letter === '_' || left <= 0) return null;
        left--;
        return {
          code: `${String(row)}${letter}`,
          deck: d.deck,
          kind: d.kind,
          row,
          column,
          letter,
          position: positionOf(d.pattern, column),
        };
      });
      rows.push({ row, places });
    }
    return { deck: d.deck, kind: d.kind, width: d.pattern.length, pattern: d.pattern, rows };
  });
}

/** Every place the option sells, in row order. */
export function placesOf(decks: readonly ExpandedDeck[]): Place[] {
  return decks.flatMap((d) => d.rows.flatMap((r) => r.places.filter((p): p is Place => p !== null)));
}

/** How many places the vehicle has (the most an option using it can sell). */
export function capacityOf(decks: readonly LayoutDeck[]): number {
  return decks.reduce((sum, d) => sum + d.rows * d.pattern.replaceAll('_', '').length, 0);
}
