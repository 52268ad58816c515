/**
 * The audit of staff changes to the network (issue 22): one `network_audit` row per change,
 * written in the change's own transaction (a change without its audit row cannot commit), and
 * read back for the changed object's page.
 */
import { and, desc, eq, inArray, like, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { networkAudit, users } from '../db/schema.ts';
import type { StaffMember } from './access.ts';

type Executor = Pick<Db, 'insert'>;

export interface NetworkChange {
  entity: string;
  entityKey: string;
  action: string;
  reason?: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function recordNetworkChange(
  tx: Executor,
  staff: StaffMember,
  requestId: string | null,
  change: NetworkChange,
): Promise<void> {
  await tx.insert(networkAudit).values({
    entity: change.entity,
    entityKey: change.entityKey,
    action: change.action,
    actorId: staff.userId,
    requestId,
    reason: change.reason ?? null,
    before: change.before,
    after: change.after,
  });
}

export interface NetworkAuditRow {
  id: number;
  entityKey: string;
  action: string;
  actorEmail: string | null;
  reason: string | null;
  requestId: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  at: Date;
}

/** The object's changes, newest first. */
export function networkHistory(db: Db, entity: string, entityKey: string, limit = 100): Promise<NetworkAuditRow[]> {
  return history(db, and(eq(networkAudit.entity, entity), eq(networkAudit.entityKey, entityKey)), limit);
}

/** Changes of the objects whose key matches a LIKE pattern (e.g. every departure of one date), newest first. */
export function networkHistoryLike(db: Db, entity: string, keyPattern: string, limit = 100): Promise<NetworkAuditRow[]> {
  return history(db, and(eq(networkAudit.entity, entity), like(networkAudit.entityKey, keyPattern)), limit);
}

/** Changes of several objects of one kind (a route's schedules), newest first. */
export async function networkHistoryOf(db: Db, entity: string, entityKeys: readonly string[], limit = 100): Promise<NetworkAuditRow[]> {
  if (entityKeys.length === 0) return [];
  return history(db, and(eq(networkAudit.entity, entity), inArray(networkAudit.entityKey, [...entityKeys])), limit);
}

function history(db: Db, where: SQL | undefined, limit: number): Promise<NetworkAuditRow[]> {
  return db
    .select({
      id: networkAudit.id,
      entityKey: networkAudit.entityKey,
      action: networkAudit.action,
      actorEmail: users.email,
      reason: networkAudit.reason,
      requestId: networkAudit.requestId,
      before: networkAudit.before,
      after: networkAudit.after,
      at: networkAudit.at,
    })
    .from(networkAudit)
    .leftJoin(users, eq(users.id, networkAudit.actorId))
    .where(where)
    .orderBy(desc(networkAudit.id))
    .limit(limit);
}

/** The fields a change touched, as `field: before → after` lines (JSON values) for the object's history. */
export function changedFieldLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  return [...keys]
    .filter((k) => JSON.stringify(before?.[k]) !== JSON.stringify(after?.[k]))
    .map((k) => `${k}: ${before ? JSON.stringify(before[k] ?? null) : '—'} → ${JSON.stringify(after?.[k] ?? null)}`);
}
