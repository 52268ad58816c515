/**
 * The schema on both drivers: migrations apply and re-apply, and the database itself refuses
 * the states that would hurt a traveller (an oversold departure, a duplicate inventory row).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { DATABASES } from './databases.ts';

async function insertMinimalNetwork(db: DbHandle['db']): Promise<{ scheduleId: number; optionId: number }> {
  await db.execute(sql`insert into countries (code, slug, names, currency) values ('TH', 'thailand', '{"en":"Thailand"}', 'THB')`);
  await db.execute(sql`insert into provinces (id, slug, country_code, names) values (1, 'th-bangkok', 'TH', '{"en":"Bangkok"}')`);
  await db.execute(
    sql`insert into places (id, slug, kind, names, lat, lon, time_zone, province_id, country_code) values (1, 'bangkok', 'city', '{"en":"Bangkok"}', 13.75, 100.5, 'Asia/Bangkok', 1, 'TH')`,
  );
  await db.execute(sql`insert into operators (id, slug, name, logo, vehicle_classes, confirmation, currency, country_code)
    values (1, 'op', 'Op', '/logos/op.svg', '{bus}', 'instant', 'THB', 'TH')`);
  await db.execute(sql`insert into routes (id, operator_id, vehicle_class, code, distance_km) values (1, 1, 'bus', 'X1', 700)`);
  await db.execute(
    sql`insert into schedules (id, route_id, departure_minute, valid_from, valid_to) values (1, 1, 450, '2026-01-01', '2027-01-01')`,
  );
  await db.execute(sql`insert into travel_options (id, route_id, class_name, price_minor, currency, seats_per_departure, confirmation, booking_cutoff_min)
    values (1, 1, 'VIP 24 seats', 90000, 'THB', 24, 'instant', 30)`);
  return { scheduleId: 1, optionId: 1 };
}

describe.each(DATABASES)('schema on $name', (database) => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await database.open();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('applies migrations again without changes', async () => {
    await expect(applyMigrations(handle)).resolves.toBeUndefined();
  });

  it('refuses to sell more seats than a departure has, and a second row for the same departure', async () => {
    const { scheduleId, optionId } = await insertMinimalNetwork(handle.db);
    await handle.db
      .execute(sql`insert into departure_inventory (schedule_id, travel_option_id, service_date, departure_at, seats_total, seats_sold)
      values (${scheduleId}, ${optionId}, '2026-12-01', '2026-12-01T00:30:00Z', 24, 20)`);
    await expect(handle.db.execute(sql`update departure_inventory set seats_held = 5 where schedule_id = ${scheduleId}`)).rejects.toThrow();
    await expect(
      handle.db.execute(sql`update departure_inventory set seats_held = 4 where schedule_id = ${scheduleId}`),
    ).resolves.toBeDefined();
    await expect(
      handle.db.execute(sql`insert into departure_inventory (schedule_id, travel_option_id, service_date, departure_at, seats_total)
        values (${scheduleId}, ${optionId}, '2026-12-01', '2026-12-01T00:30:00Z', 24)`),
    ).rejects.toThrow();
  });

  it('refuses a non-positive fare and an impossible timetable minute', async () => {
    await expect(
      handle.db
        .execute(sql`insert into travel_options (route_id, class_name, price_minor, currency, seats_per_departure, confirmation, booking_cutoff_min)
        values (1, 'Free', 0, 'THB', 10, 'instant', 30)`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(
        sql`insert into schedules (route_id, departure_minute, valid_from, valid_to) values (1, 1440, '2026-01-01', '2027-01-01')`,
      ),
    ).rejects.toThrow();
  });
});
