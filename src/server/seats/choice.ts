/**
 * The booking form's seat choice checked against the cart's seat maps (issue 27): every leg it
 * names has a map and every place is one the leg's vehicle sells. A choice that breaks this is
 * the form's 422 with the leg's field; whether a place is still free is for the hold to decide,
 * under the lock (assign.ts).
 */
import type { LegChoice } from '../../domain/seats/selection.ts';
import { SEAT_ERROR } from '../../domain/seats/selection.ts';
import type { LegSeats } from '../booking/lifecycle/hold.ts';
import { ApiError } from '../api/errors.ts';
import { seatCodes, type SeatMap } from './seatMaps.ts';

export function chosenSeatsOfForm(choice: readonly LegChoice[], maps: readonly SeatMap[]): LegSeats[] {
  const byLeg = new Map(maps.map((m) => [m.leg, m]));
  const fields: Record<string, string[]> = {};
  const out: LegSeats[] = [];
  choice.forEach((c, i) => {
    const map = byLeg.get(c.leg);
    const codes = map ? seatCodes(map) : new Set<string>();
    if (!map || c.seats.some((s) => !codes.has(s))) {
      fields[`seats.${String(i)}`] = [SEAT_ERROR.unknown];
      return;
    }
    const [scheduleId = '0', travelOptionId = '0', serviceDate = ''] = map.key.split(':');
    out.push({ scheduleId: Number(scheduleId), travelOptionId: Number(travelOptionId), serviceDate, seats: [...c.seats] });
  });
  if (Object.keys(fields).length > 0) throw new ApiError('invalid_booking_form', { fields });
  return out;
}

/** A seat map as the API and the island read it (snake_case, places with their position). */
export function seatMapView(map: SeatMap) {
  return {
    leg: map.leg,
    vehicle: map.vehicle,
    taken: map.taken,
    decks: map.decks.map((d) => ({
      deck: d.deck,
      kind: d.kind,
      pattern: d.pattern,
      rows: d.rows.map((r) => ({
        row: r.row,
        places: r.places.map((p) => (p ? { code: p.code, position: p.position } : null)),
      })),
    })),
  };
}

export type SeatMapView = ReturnType<typeof seatMapView>;
