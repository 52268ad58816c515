/**
 * One staff edit of one network row (an operator, a travel option's fare…), the way every such
 * edit must happen: assert the role, lock the row, compare its audited fields with the new ones,
 * write the change, its `network_audit` row and a new inventory_version in one transaction, and
 * after the commit announce `inventory_changed` so every server process rebuilds its search index.
 */
import type { Bus } from '../bus/bus.ts';
import { getBus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import { announceInventoryChange, bumpInventoryVersion } from '../network/inventoryVersion.ts';
import { assertMay, type OpAction, type StaffMember } from './access.ts';
import { recordNetworkChange } from './networkAudit.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type NetworkEdit = { result: 'saved'; version: number } | { result: 'unchanged' | 'unknown' };

export interface NetworkEditSpec<Fields extends Record<string, unknown>> {
  action: OpAction;
  entity: string;
  /** Reads the row `for update`: its audit key and its audited fields; undefined when it does not exist. */
  lock: (tx: Tx) => Promise<{ key: string; fields: Fields } | undefined>;
  after: Fields;
  write: (tx: Tx) => Promise<unknown>;
}

export async function editNetworkRow<Fields extends Record<string, unknown>>(
  db: Db,
  staff: StaffMember,
  spec: NetworkEditSpec<Fields>,
  requestId: string | null,
  bus?: Bus,
): Promise<NetworkEdit> {
  assertMay(staff, spec.action);
  const change = await db.transaction(async (tx): Promise<NetworkEdit> => {
    const current = await spec.lock(tx);
    if (!current) return { result: 'unknown' };
    if (JSON.stringify(current.fields) === JSON.stringify(spec.after)) return { result: 'unchanged' };
    await spec.write(tx);
    await recordNetworkChange(tx, staff, requestId, {
      entity: spec.entity,
      entityKey: current.key,
      action: 'update',
      before: current.fields,
      after: spec.after,
    });
    return { result: 'saved', version: await bumpInventoryVersion(tx) };
  });
  // A lost announcement only delays other processes until their periodic version check.
  if (change.result === 'saved') await announceInventoryChange(bus ?? (await getBus()), change.version).catch(() => undefined);
  return change;
}
