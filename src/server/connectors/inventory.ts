/**
 * The built-in connector: seats left = seats_total − held − sold of the departure's inventory
 * row, or the option's seats per departure when nobody has booked it yet (rows are created on
 * first use).
 */
import { and, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { departureInventory } from '../db/schema.ts';
import { seatQueryKey, type OperatorConnector, type SeatQuery } from './types.ts';

export async function readSeatsLeft(db: Db, queries: readonly SeatQuery[]): Promise<Map<string, number>> {
  const result = new Map(queries.map((q) => [seatQueryKey(q), q.seatsPerDeparture]));
  if (queries.length === 0) return result;
  const dates = [...new Set(queries.map((q) => q.serviceDate))];
  const scheduleIds = [...new Set(queries.map((q) => q.scheduleId))];
  const rows = await db
    .select({
      scheduleId: departureInventory.scheduleId,
      travelOptionId: departureInventory.travelOptionId,
      serviceDate: departureInventory.serviceDate,
      total: departureInventory.seatsTotal,
      held: departureInventory.seatsHeld,
      sold: departureInventory.seatsSold,
    })
    .from(departureInventory)
    .where(and(inArray(departureInventory.serviceDate, dates), inArray(departureInventory.scheduleId, scheduleIds)));
  for (const row of rows) {
    const key = seatQueryKey(row);
    if (result.has(key)) result.set(key, row.total - row.held - row.sold);
  }
  return result;
}

export const inventoryConnector: OperatorConnector = { name: 'builtin', seatsLeft: readSeatsLeft };
