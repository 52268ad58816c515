import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { places, provinces, routes } from '../../src/server/db/schema.ts';
import { miniThailand } from './miniThailand.ts';
import { buildNetwork } from './network.ts';
import type { NetworkRows } from './rows.ts';
import { collectSummary } from './summary.ts';
import { weekdayBit } from './time.ts';
import { writeNetwork } from './write.ts';

const TODAY = '2025-06-04';

function expectedDepartures(rows: NetworkRows, date: string): number {
  return rows.schedules.filter((s) => s.validFrom <= date && s.validTo >= date && (s.weekdays & weekdayBit(date)) !== 0).length;
}

describe('writeNetwork', () => {
  let handle: DbHandle;

  beforeAll(async () => {
    handle = await openDb({ pgliteDataDir: 'memory://' });
    await applyMigrations(handle);
  });

  afterAll(async () => {
    await handle.close();
  });

  it('writes every row, as the summary read back from the database shows', async () => {
    const rows = buildNetwork(miniThailand, { today: TODAY, seed: 1 });
    expect(rows.warnings).toEqual([]);
    const progress: string[] = [];
    const result = await writeNetwork(handle.db, rows, { onProgress: ({ table }) => progress.push(table) });
    expect(result.inventoryVersion).toBe(1);
    expect(progress).toContain('departure_inventory');

    const summary = await collectSummary(handle.db, TODAY);
    expect(summary).toMatchObject({
      countries: 1,
      provinces: rows.provinces.length,
      places: rows.places.length,
      stations: rows.stations.length,
      operators: rows.operators.length,
      routes: rows.routes.length,
      routeStops: rows.routeStops.length,
      schedules: rows.schedules.length,
      travelOptions: rows.travelOptions.length,
      inventoryRows: rows.departureInventory.length,
      fxRates: rows.fxRates.length,
      inventoryVersion: 1,
      departuresOnDate: expectedDepartures(rows, TODAY),
    });
    for (const vehicleClass of ['bus', 'van', 'train', 'ferry', 'avia', 'charter']) {
      expect(summary.routesByClass[vehicleClass], vehicleClass).toBe(rows.routes.filter((r) => r.vehicleClass === vehicleClass).length);
    }
    expect(summary.stationsByKind.airport).toBe(3);
    expect(summary.seatOffersOnDate).toBeGreaterThan(summary.departuresOnDate);
  });

  it('replaces the previous network on a reseed and bumps the inventory version', async () => {
    const rows = buildNetwork(miniThailand, { today: TODAY, seed: 2 });
    const result = await writeNetwork(handle.db, rows);
    expect(result.inventoryVersion).toBe(2);

    const summary = await collectSummary(handle.db, TODAY);
    expect(summary.places).toBe(rows.places.length);
    expect(summary.routes).toBe(rows.routes.length);
    expect(summary.schedules).toBe(rows.schedules.length);
    expect(summary.inventoryVersion).toBe(2);

    // The rows are the new seed's, not leftovers: the first route matches it exactly.
    const [firstRoute] = await handle.db.select().from(routes).where(eq(routes.id, 1));
    expect(firstRoute).toEqual(rows.routes[0]);
  });

  it('leaves the id sequences after the seeded ids, so the app can insert', async () => {
    const [{ n: placeCount } = { n: 0 }] = await handle.db.select({ n: count() }).from(places);
    const [inserted] = await handle.db
      .insert(provinces)
      .values({ slug: 'added-later', countryCode: 'TH', names: { en: 'Added later' } })
      .returning({ id: provinces.id });
    expect(inserted?.id).toBe(miniThailand.provinces.length + 1);
    expect(placeCount).toBe(miniThailand.places.length);
  });
});
