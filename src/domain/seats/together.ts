/**
 * Seats for all passengers of a booking together, when possible (issue 27): the seat map
 * preselects them and the traveller may change any. Together means, best first: side by side in
 * one row without an aisle between them; in one row across the aisle; then the free places that
 * lie closest together in row order (front to back, deck by deck).
 */
/** What the rule needs of a deck: its rows of places (null for an aisle or an unsold place). */
export interface DeckOfPlaces {
  rows: readonly { row: number; places: readonly ({ code: string } | null)[] }[];
}
interface Place {
  code: string;
}

function runsInRow(places: readonly (Place | null)[], taken: ReadonlySet<string>, size: number, crossAisle: boolean): Place[] | null {
  let run: Place[] = [];
  for (const cell of places) {
    if (cell === null) {
      // An aisle splits a run unless crossing it is allowed; a missing place always does.
      if (!crossAisle) run = [];
      continue;
    }
    if (taken.has(cell.code)) {
      run = [];
      continue;
    }
    run.push(cell);
    if (run.length === size) return run;
  }
  return null;
}

export function seatsTogether(decks: readonly DeckOfPlaces[], taken: ReadonlySet<string>, people: number): string[] {
  if (people <= 0) return [];
  for (const crossAisle of [false, true]) {
    for (const deck of decks) {
      for (const row of deck.rows) {
        const run = runsInRow(row.places, taken, people, crossAisle);
        if (run) return run.map((p) => p.code);
      }
    }
  }
  // No row has room for everyone: the tightest window of free places in row order.
  const free = decks.flatMap((d, di) =>
    d.rows.flatMap((r) =>
      r.places.filter((p): p is Place => p !== null && !taken.has(p.code)).map((p) => ({ p, order: di * 1000 + r.row })),
    ),
  );
  if (free.length < people) return [];
  let best = 0;
  for (let i = 1; i + people <= free.length; i++) {
    const span = (i: number) => (free[i + people - 1]?.order ?? 0) - (free[i]?.order ?? 0);
    if (span(i) < span(best)) best = i;
  }
  return free.slice(best, best + people).map((f) => f.p.code);
}
