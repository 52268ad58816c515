/**
 * SPEC §7 `admin/warmup` (issue 22): rebuild the search index and the caches in every server
 * process. It is a network change with nothing changed: a new `inventory_version` (with its
 * `network_audit` row) in one transaction, announced as `inventory_changed` on the bus — every
 * process rebuilds its index at once, and the search answer caches, keyed by that version, start
 * afresh — plus `page_overrides_changed`. The calling process waits for its own rebuild, so the
 * answer says how long a build takes and which version now answers.
 */
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type StaffMember } from '../ops/access.ts';
import { recordNetworkChange } from '../ops/networkAudit.ts';

export interface WarmupDeps {
  db: Db;
  bus: Bus;
  /** Rebuilds this process's index now (src/server/search/cache.ts `refreshSearchIndex`). */
  rebuildIndex: (db: Db) => Promise<TimetableIndex>;
  now: () => number;
}

export async function warmup(deps: WarmupDeps, staff: StaffMember, requestId: string | null) {
  assertMay(staff, 'admin.warmup');
  const version = await deps.db.transaction(async (tx) => {
    const next = await bumpInventoryVersion(tx);
    await recordNetworkChange(tx, staff, requestId, {
      entity: 'caches',
      entityKey: 'search',
      action: 'warmup',
      before: { version: next - 1 },
      after: { version: next },
    });
    return next;
  });
  await announceInventoryChange(deps.bus, version);
  await deps.bus.publish('page_overrides_changed', { at: deps.now() });
  const started = deps.now();
  const index = await deps.rebuildIndex(deps.db);
  return {
    version,
    index_version: index.version,
    build_ms: Math.max(0, deps.now() - started),
    routes: index.routes.length,
    announced: ['inventory_changed', 'page_overrides_changed'],
  };
}
