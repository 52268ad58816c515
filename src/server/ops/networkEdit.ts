/**
 * One staff edit of one network row (an operator, a travel option's fare…), the way every such
 * edit must happen: assert the role, lock the row, compare its audited fields with the new ones,
 * write the change, its `network_audit` row and a new inventory_version in one transaction, and
 * after the commit announce `inventory_changed` so every server process rebuilds its search index.
 */
import { z } from 'zod';
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

/** What an edit page shows after its POST was refused (400 bad input, 404 no such row). */
export interface RefusedEdit {
  status: 400 | 404;
  /** `invalid` or `unknown`: the page turns it into its own translated message. */
  reason: 'invalid' | 'unknown';
  badFields: string[];
  entered: Record<string, unknown>;
  /** The row the form was for, so the page shows that form again with the marks. */
  postedId: number | undefined;
}

const rowId = z.coerce.number().int().positive();

/**
 * The POST of an op page that edits one network row named by the form's `id`: parse the form,
 * save, and answer where to go (the row's page with `done=saved|unchanged`) or what was refused.
 */
export async function networkEditPost<Input extends { id: number }>(
  form: Record<string, unknown>,
  schema: { safeParse: (value: unknown) => z.ZodSafeParseResult<Input> },
  save: (input: Input) => Promise<NetworkEdit>,
): Promise<{ done: 'saved' | 'unchanged'; id: number } | RefusedEdit> {
  const input = schema.safeParse(form);
  const postedId = rowId.safeParse(form.id).data;
  if (!input.success) {
    const badFields = [...new Set(input.error.issues.map((i) => String(i.path[0] ?? '')))];
    return { status: 400, reason: 'invalid', badFields, entered: form, postedId };
  }
  const change = await save(input.data);
  if (change.result === 'unknown') return { status: 404, reason: 'unknown', badFields: [], entered: form, postedId: undefined };
  return { done: change.result, id: input.data.id };
}
