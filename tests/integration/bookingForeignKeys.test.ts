/**
 * Everything a booking points at has a foreign key, and the seed cannot pull the network out
 * from under a booking (issue 18 item 3): the foreign-key migration applies to a database that
 * is already seeded and holds bookings (including rows an earlier reseed left dangling), the
 * database then refuses to delete what a booked leg points at, and a reseed of a database with
 * bookings is refused with nothing changed unless bookings are deleted on purpose. Accounts
 * survive a reseed either way.
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../scripts/db/prepare.ts';
import { miniThailand } from '../../scripts/seed/miniThailand.ts';
import { buildNetwork } from '../../scripts/seed/network.ts';
import { SeedRefusedError, writeNetwork } from '../../scripts/seed/write.ts';
import type { DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { insertCheckoutNetwork, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { migrationsBefore } from './oldMigrations.ts';

const MIGRATION_SUFFIX = '_booking_foreign_keys';

async function rows<T>(handle: DbHandle, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await handle.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function count(handle: DbHandle, table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(handle, sql.raw(`select count(*)::int as n from ${table}`));
  return row?.n ?? 0;
}

/** A paid booking of the bus (schedule 1, option 1, Mo Chit → Chumphon Pier, operator 1), its held seat and payment. */
async function insertPaidBooking(handle: DbHandle, userId: number | null): Promise<void> {
  await handle.db.execute(
    sql`insert into carts (id, hash, status, lang, currency, people) values (1, 'booked-cart', 'ordered', 'en', 'THB', 1)`,
  );
  await handle.db.execute(sql`insert into cart_items (id, cart_id, position, trip_key, option_ids) values (1, 1, 0, 'k', '1')`);
  await handle.db.execute(sql`insert into cart_legs (cart_item_id, leg_index, schedule_id, travel_option_id, service_date, departure_at,
      arrival_at, from_station_id, to_station_id, operator_id, unit_price_minor, currency)
    values (1, 0, 1, 1, ${TRAVEL_DATE}, '2025-06-04T14:00:00Z', '2025-06-04T21:00:00Z', 10, 20, 1, 90000, 'THB')`);
  await handle.db
    .execute(sql`insert into departure_inventory (id, schedule_id, travel_option_id, service_date, departure_at, seats_total, seats_sold)
    values (1, 1, 1, ${TRAVEL_DATE}, '2025-06-04T14:00:00Z', 40, 1)`);
  await handle.db
    .execute(sql`insert into bookings (id, reference, cart_id, status, user_id, email, lang, currency, people, total_minor, hold_expires_at)
    values (1, 'RMLY-1', 1, 'confirmed', ${userId}, 'anna@example.com', 'en', 'THB', 1, 90000, '2025-06-02T03:00:00Z')`);
  await handle.db.execute(sql`insert into seat_holds (booking_id, departure_inventory_id, seats, status, expires_at)
    values (1, 1, 1, 'sold', '2025-06-02T03:00:00Z')`);
  await handle.db.execute(sql`insert into payments (booking_id, paygate, provider_ref, amount_minor, currency, status)
    values (1, 'sandbox-card', 'sess-1', 90000, 'THB', 'succeeded')`);
}

/**
 * Columns later migrations add to tables the checkout network helper writes. The helper inserts
 * through today's schema, so the old database gets them for the insert and loses them again
 * before the later migrations add them for real.
 */
const COLUMNS_ADDED_LATER = [
  { table: 'travel_options', column: 'vehicle_layout', type: 'text' },
  { table: 'routes', column: 'manual_pack', type: 'boolean not null default false' },
  { table: 'routes', column: 'external_purchase_url', type: 'text' },
  { table: 'operators', column: 'collects_own_payment', type: 'boolean not null default false' },
];

async function insertOldNetwork(handle: DbHandle): Promise<void> {
  for (const c of COLUMNS_ADDED_LATER) await handle.db.execute(sql.raw(`alter table ${c.table} add column ${c.column} ${c.type}`));
  await insertCheckoutNetwork(handle.db, { bus: 40, boat: 40 });
  for (const c of COLUMNS_ADDED_LATER) await handle.db.execute(sql.raw(`alter table ${c.table} drop column ${c.column}`));
}

describe.each(DATABASES)('booking foreign keys and seed safety on $name', (database) => {
  let handle: DbHandle;
  let oldMigrations: string;

  beforeAll(async () => {
    oldMigrations = migrationsBefore(MIGRATION_SUFFIX);
    handle = await database.openEmpty();
    await applyMigrations(handle, { migrationsFolder: oldMigrations });
  });

  afterAll(async () => {
    await handle.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('migrates a seeded database holding bookings, including rows an old reseed left dangling', async () => {
    await insertOldNetwork(handle);
    // A booking by a user whose row is gone, and an abandoned cart whose leg points at a schedule
    // an old reseed removed: both were possible without foreign keys.
    await insertPaidBooking(handle, 4242);
    await handle.db.execute(sql`insert into carts (id, hash, lang, currency, people) values (2, 'abandoned-cart', 'en', 'THB', 1)`);
    await handle.db.execute(sql`insert into cart_items (id, cart_id, position, trip_key, option_ids) values (2, 2, 0, 'k', '9')`);
    await handle.db.execute(sql`insert into cart_legs (cart_item_id, leg_index, schedule_id, travel_option_id, service_date, departure_at,
        arrival_at, from_station_id, to_station_id, operator_id, unit_price_minor, currency)
      values (2, 0, 777, 1, ${TRAVEL_DATE}, '2025-06-04T14:00:00Z', '2025-06-04T21:00:00Z', 10, 20, 1, 90000, 'THB')`);

    await applyMigrations(handle);

    expect(await rows(handle, sql`select id, user_id from bookings`)).toEqual([{ id: 1, user_id: null }]);
    expect(await rows(handle, sql`select cart_item_id, schedule_id from cart_legs order by id`)).toEqual([
      { cart_item_id: 1, schedule_id: 1 },
    ]);
    expect(await count(handle, 'payments')).toBe(1);
  });

  it('refuses to delete or replace anything a booked leg or hold points at', async () => {
    const refusals = [
      'delete from schedules where id = 1',
      'delete from routes where id = 1', // schedules and travel options cascade from routes, then stop at the leg
      'delete from travel_options where id = 1',
      'delete from stations where id = 20',
      'delete from operators where id = 1',
      'delete from departure_inventory where id = 1',
      'delete from bookings where id = 1',
      "insert into cart_legs (cart_item_id, leg_index, schedule_id, travel_option_id, service_date, departure_at, arrival_at, from_station_id, to_station_id, operator_id, unit_price_minor, currency) values (1, 1, 999, 1, '2025-06-04', now(), now(), 10, 20, 1, 1, 'THB')",
      "insert into bookings (reference, cart_id, status, user_id, lang, currency, people, total_minor, hold_expires_at) values ('RMLY-X', 1, 'reserved', 999, 'en', 'THB', 1, 1, now())",
    ];
    for (const statement of refusals) {
      await expect(handle.db.execute(sql.raw(statement)), statement).rejects.toThrow();
    }
    expect(await count(handle, 'schedules')).toBe(3);
    expect(await count(handle, 'seat_holds')).toBe(1);
  });

  it('keeps the bookings of a deleted user (the user id is cleared)', async () => {
    await handle.db.execute(sql`insert into users (id, email) values (7, 'gone@example.com')`);
    await handle.db.execute(sql`update bookings set user_id = 7 where id = 1`);
    await handle.db.execute(sql`delete from users where id = 7`);
    expect(await rows(handle, sql`select id, user_id from bookings`)).toEqual([{ id: 1, user_id: null }]);
  });

  it('refuses to reseed a database that holds bookings, and changes nothing', async () => {
    const before = await rows(
      handle,
      sql`select (select count(*)::int from schedules) as schedules, (select count(*)::int from operators) as operators,
      (select count(*)::int from cart_legs) as legs, (select count(*)::int from seat_holds) as holds, (select version from inventory_version) as version`,
    );
    const network = buildNetwork(miniThailand, { seed: 1, today: '2025-06-04' });
    const refused = await writeNetwork(handle.db, network).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SeedRefusedError);
    expect((refused as Error).message).toMatch(/holds 1 booking\(s\).*--delete-bookings/);
    const after = await rows(
      handle,
      sql`select (select count(*)::int from schedules) as schedules, (select count(*)::int from operators) as operators,
      (select count(*)::int from cart_legs) as legs, (select count(*)::int from seat_holds) as holds, (select version from inventory_version) as version`,
    );
    expect(after).toEqual(before);
  });

  it('lets `npm start` serve a database with bookings without reseeding it', async () => {
    const lines: string[] = [];
    await expect(prepareDatabase(handle, (line) => lines.push(line))).resolves.toEqual({ seeded: false });
    expect(await count(handle, 'bookings')).toBe(1);
  });

  it('reseeds when bookings are deleted on purpose, and keeps every account', async () => {
    await handle.db.execute(sql`insert into users (id, email, operator_id) values (8, 'agent@example.com', 1)`);
    await handle.db.execute(sql`insert into sessions (token_hash, user_id, expires_at) values ('h', 8, now() + interval '1 day')`);
    const network = buildNetwork(miniThailand, { seed: 1, today: '2025-06-04' });
    await writeNetwork(handle.db, network, { deleteBookings: true });
    for (const table of ['bookings', 'carts', 'cart_legs', 'seat_holds', 'payments']) expect(await count(handle, table), table).toBe(0);
    expect(await count(handle, 'schedules')).toBe(network.schedules.length);
    // The agent's operator is gone (its column is cleared), the account and its session are not.
    expect(await rows(handle, sql`select id, operator_id from users`)).toEqual([{ id: 8, operator_id: null }]);
    expect(await count(handle, 'sessions')).toBe(1);
    // Without bookings a plain reseed goes ahead.
    await expect(writeNetwork(handle.db, network)).resolves.toMatchObject({ inventoryVersion: expect.any(Number) as number });
  });
});
