/**
 * selectRowsAsJson (src/server/db/jsonRows.ts) reads the search index's large tables as one JSON
 * value: every row must come back exactly as Drizzle's row-by-row select gives it — floats to the
 * last digit, names with quotes, backslashes and other scripts, nulls, arrays, enums, dates.
 */
import { getTableColumns, gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { selectRowsAsJson } from '../../src/server/db/jsonRows.ts';
import { departureInventory, routeStops, routes, schedules, stations, travelOptions } from '../../src/server/db/schema.ts';
import { insertCheckoutNetwork } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const byKey = <T extends Record<string, unknown>>(rows: T[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

describe.each(DATABASES)('selectRowsAsJson on $name', (database) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await database.open();
    const db = handle.db;
    await insertCheckoutNetwork(db, { bus: 30, boat: 12 });
    await db.insert(stations).values({
      id: 40,
      slug: 'odd-names',
      kind: 'pier',
      names: { en: 'The "Old" \\ Pier', th: 'ท่าเรือ', ar: 'رصيف', emoji: '⛴️' },
      aliases: ['a "b"', 'c\\d', ''],
      lat: 13.756331999999999,
      lon: -0.1,
      placeId: 1,
      code: null,
    });
    await db.insert(routes).values({ id: 4, operatorId: 1, vehicleClass: 'bus', code: 'ก1', distanceKm: 0, manualPack: true });
    await db.insert(schedules).values({
      id: 4,
      routeId: 4,
      departureMinute: 0,
      weekdays: 65,
      validFrom: '2024-02-29',
      validTo: '2099-12-31',
      timesConfirmed: false,
    });
    await db.insert(departureInventory).values([
      {
        scheduleId: 1,
        travelOptionId: 1,
        serviceDate: '2025-06-01',
        departureAt: new Date('2025-06-01T14:00:00Z'),
        seatsTotal: 30,
        seatsHeld: 2,
        seatsSold: 5,
      },
      {
        scheduleId: 1,
        travelOptionId: 1,
        serviceDate: '2025-06-04',
        departureAt: new Date('2025-06-04T14:00:00Z'),
        seatsTotal: 30,
        seatsHeld: 0,
        seatsSold: 30,
      },
    ]);
  });
  afterAll(async () => handle.close());

  it.each([
    ['stations', stations],
    ['routes', routes],
    ['route stops', routeStops],
    ['schedules', schedules],
    ['travel options', travelOptions],
  ] as const)('reads %s as the row-by-row select does', async (_name, table) => {
    const asJson = await selectRowsAsJson(handle.db, getTableColumns(table), table);
    const plain = await handle.db.select().from(table);
    expect(asJson.length).toBeGreaterThan(0);
    expect(byKey(asJson)).toEqual(byKey(plain));
  });

  it('reads a computed column, filtered, and nothing when no row matches', async () => {
    const columns = {
      scheduleId: departureInventory.scheduleId,
      serviceDate: departureInventory.serviceDate,
      seatsLeft: sql<number>`(${departureInventory.seatsTotal} - ${departureInventory.seatsHeld} - ${departureInventory.seatsSold})::int`,
    };
    expect(await selectRowsAsJson(handle.db, columns, departureInventory, gte(departureInventory.serviceDate, '2025-06-02'))).toEqual([
      { scheduleId: 1, serviceDate: '2025-06-04', seatsLeft: 0 },
    ]);
    expect(await selectRowsAsJson(handle.db, columns, departureInventory, gte(departureInventory.serviceDate, '2030-01-01'))).toEqual([]);
  });
});
