/**
 * Pre-made seat inventory for a sample of popular departures over the next two weeks, with
 * some seats already sold and a few departures sold out, so that a fresh site shows what
 * a busy one looks like. Every other departure gets its row lazily on first booking.
 */
import type { Random } from './random.ts';
import type { DepartureInventoryRow, RouteBatch, TravelOptionRow } from './rows.ts';
import type { RouteMeta } from './sink.ts';
import { addDays, localTimeToUtc, weekdayBit } from './time.ts';

export interface InventoryOptions {
  today: string;
  days: number;
  /** Share of schedules that get rows, drawn with weight rising steeply with popularity. */
  fraction: number;
  soldOutChance: number;
  rng: Random;
  nextId: () => number;
}

export function sampleInventory(
  batch: RouteBatch,
  meta: ReadonlyMap<number, RouteMeta>,
  options: InventoryOptions,
): DepartureInventoryRow[] {
  const { rng } = options;
  const optionsByRoute = new Map<number, TravelOptionRow[]>();
  for (const option of batch.travelOptions) {
    const list = optionsByRoute.get(option.routeId) ?? [];
    list.push(option);
    optionsByRoute.set(option.routeId, list);
  }

  // Weighted sampling without replacement (Efraimidis–Spirakis): the largest u^(1/w) win.
  const keyed = batch.schedules.map((schedule) => {
    const popularity = meta.get(schedule.routeId)?.popularity ?? 1;
    const weight = (popularity / 100) ** 2 + 0.001;
    return { schedule, key: rng.next() ** (1 / weight) };
  });
  keyed.sort((x, y) => y.key - x.key || x.schedule.id - y.schedule.id);
  const sample = keyed
    .slice(0, Math.round(batch.schedules.length * options.fraction))
    .map((k) => k.schedule)
    .sort((x, y) => x.id - y.id);

  const dates = Array.from({ length: options.days }, (_, i) => addDays(options.today, i));
  const rows: DepartureInventoryRow[] = [];
  for (const schedule of sample) {
    const timeZone = meta.get(schedule.routeId)?.timeZone ?? 'UTC';
    for (const serviceDate of dates) {
      if ((schedule.weekdays & weekdayBit(serviceDate)) === 0) continue;
      const departureAt = localTimeToUtc(serviceDate, schedule.departureMinute, timeZone);
      for (const option of optionsByRoute.get(schedule.routeId) ?? []) {
        const seatsTotal = option.seatsPerDeparture;
        const soldOut = rng.chance(options.soldOutChance);
        const seatsSold = soldOut ? seatsTotal : rng.int(0, Math.floor(seatsTotal * 0.85));
        rows.push({
          id: options.nextId(),
          scheduleId: schedule.id,
          travelOptionId: option.id,
          serviceDate,
          departureAt,
          seatsTotal,
          // Holds belong to live checkouts that expire; a seeded hold would never be released.
          seatsHeld: 0,
          seatsSold,
        });
      }
    }
  }
  return rows;
}
