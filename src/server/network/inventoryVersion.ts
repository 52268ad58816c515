/**
 * `inventory_version` counts changes to the network (routes, timetables, fares, seats on sale):
 * caches built from it — every server process's search index — compare it to know when to
 * reload. A change bumps it in its own transaction and, once committed, announces the new
 * version on the bus so every process reloads at once instead of at its next periodic check.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { inventoryVersion } from '../db/schema.ts';
import type { Bus } from '../bus/bus.ts';

type Executor = Pick<Db, 'insert'>;

/** The next version, written inside the caller's transaction. */
export async function bumpInventoryVersion(tx: Executor): Promise<number> {
  const [bumped] = await tx
    .insert(inventoryVersion)
    .values({ id: 1, version: 1, changedAt: new Date() })
    .onConflictDoUpdate({ target: inventoryVersion.id, set: { version: sql`${inventoryVersion.version} + 1`, changedAt: sql`now()` } })
    .returning({ version: inventoryVersion.version });
  return bumped?.version ?? 1;
}

/** After the commit: tell every server process (a lost message only delays the reload until its periodic check). */
export async function announceInventoryChange(bus: Bus, version: number): Promise<void> {
  await bus.publish('inventory_changed', { version });
}
