/** One departure of an import plan in a line a person reads (the CLI's dry run and the Admin page's). */
import type { PlannedDeparture } from './plan.ts';

const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export function describeDeparture(d: PlannedDeparture): string {
  return `${d.operatorSlug} ${d.code} ${d.stops[0]?.stationSlug ?? '?'} → ${d.stops.at(-1)?.stationSlug ?? '?'} at ${clock(d.departureMinute)}, ${d.validFrom}…${d.validTo}`;
}
