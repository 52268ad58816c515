/**
 * Migration 0030_line_price: a product line stored before lines had their own total kept a price
 * per passenger; after the migration its `price_minor` is that price for each of the cart's
 * people, so a cart made before the change keeps its total (on PGlite and, with
 * TEST_DATABASE_URL, PostgreSQL).
 */
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { applyMigrations } from '../../src/server/db/migrate.ts';
import { DATABASES } from './databases.ts';
import { migrationsBefore } from './oldMigrations.ts';

describe.each(DATABASES)('the line price migration on $name', (database) => {
  let handle: DbHandle;
  let oldMigrations: string;

  beforeAll(async () => {
    oldMigrations = migrationsBefore('_line_price');
    handle = await database.openEmpty();
    await applyMigrations(handle, { migrationsFolder: oldMigrations });
  });

  afterAll(async () => {
    await handle.close();
    rmSync(oldMigrations, { recursive: true, force: true });
  });

  it('turns each stored per-passenger price into the line total for the cart’s people', async () => {
    await handle.db.execute(
      sql`insert into carts (id, hash, lang, currency, people) values (1, 'three', 'en', 'THB', 3), (2, 'one', 'en', 'THB', 1)`,
    );
    await handle.db.execute(sql`insert into cart_product_lines (cart_id, position, kind, line, unit_price_minor, currency)
      values (1, 0, 'railpass', '{}'::jsonb, 12500, 'THB'), (2, 0, 'railpass', '{}'::jsonb, 4000, 'THB')`);
    await applyMigrations(handle);
    const result = await handle.db.execute(sql`select cart_id, price_minor from cart_product_lines order by cart_id`);
    expect((result as { rows: unknown[] }).rows).toEqual([
      { cart_id: 1, price_minor: 37_500 },
      { cart_id: 2, price_minor: 4000 },
    ]);
  });
});
