/**
 * GTFS in the operators area (issue 22 item 3): Admin uploads a feed, sees the dry run (the CLI's
 * `planImport`: departures added, changed, removed; bookings met; rows not used) and applies it;
 * or downloads the network as a feed (`exportFeed`). The upload is kept in `gtfs_uploads` so the
 * apply reads the very feed of the dry run on any server process; the apply re-plans and goes
 * ahead only when the plan is still the one Admin saw (its digest), and `applyImport` refuses —
 * changing nothing — while a changed or removed departure has bookings: a departure with sold
 * seats is never deleted silently.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import { gtfsUploads } from '../db/schema.ts';
import { applyImport, ImportRefused, type ImportResult } from '../gtfs/apply.ts';
import { exportFeed } from '../gtfs/export.ts';
import { readFeed } from '../gtfs/feed.ts';
import { planImport, type ImportPlan } from '../gtfs/plan.ts';
import { assertMay, type StaffMember } from './access.ts';
import { recordNetworkChange } from './networkAudit.ts';

/** A feed larger than this is refused before it is read (the seeded network's feed is ~1 MB). */
export const GTFS_UPLOAD_MAX_BYTES = 50 * 1024 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const uploadIdSchema = z.string().regex(/^[0-9a-f]{64}$/);
export const applyForm = z.object({ intent: z.literal('apply'), upload: uploadIdSchema, digest: z.string().regex(/^[0-9a-f]{64}$/) });

export type UploadRefusal = 'empty' | 'too_large' | 'not_zip';

export function checkUpload(bytes: Uint8Array): UploadRefusal | null {
  if (bytes.byteLength === 0) return 'empty';
  if (bytes.byteLength > GTFS_UPLOAD_MAX_BYTES) return 'too_large';
  if (!ZIP_MAGIC.every((b, i) => bytes[i] === b)) return 'not_zip';
  return null;
}

/** Keeps an uploaded feed (checked with `checkUpload` first); answers its id. */
export async function storeUpload(db: Db, staff: StaffMember, fileName: string, bytes: Uint8Array): Promise<string> {
  assertMay(staff, 'gtfs.import');
  const id = createHash('sha256').update(bytes).digest('hex');
  await db
    .insert(gtfsUploads)
    .values({ id, fileName: fileName.slice(0, 200) || 'feed.zip', data: bytes, sizeBytes: bytes.byteLength, uploadedBy: staff.userId })
    .onConflictDoNothing();
  return id;
}

/** What the apply must find again: the departures it touches and the bookings it meets. */
export function planDigest(plan: ImportPlan): string {
  const keys = {
    added: plan.added.map((d) => d.key).sort(),
    changed: plan.changed.map((c) => c.to.key).sort(),
    removed: plan.removed.map((d) => d.scheduleId).sort((a, b) => a - b),
    bookings: plan.affectedBookings.map((b) => b.bookingId).sort((a, b) => a - b),
  };
  return createHash('sha256').update(JSON.stringify(keys)).digest('hex');
}

export interface UploadDryRun {
  upload: { id: string; fileName: string; sizeBytes: number; uploadedAt: Date; appliedAt: Date | null };
  plan: ImportPlan;
  digest: string;
}

export async function dryRunUpload(db: Db, staff: StaffMember, id: string): Promise<UploadDryRun | null> {
  assertMay(staff, 'gtfs.import');
  const [upload] = await db.select().from(gtfsUploads).where(eq(gtfsUploads.id, id));
  if (!upload) return null;
  const plan = await planImport(db, readFeed(upload.data));
  const shown = {
    id: upload.id,
    fileName: upload.fileName,
    sizeBytes: upload.sizeBytes,
    uploadedAt: upload.uploadedAt,
    appliedAt: upload.appliedAt,
  };
  return { upload: shown, plan, digest: planDigest(plan) };
}

export type ApplyOutcome =
  | { result: 'applied'; imported: ImportResult }
  | { result: 'refused'; bookings: ImportPlan['affectedBookings'] }
  /** The database moved since the dry run (another import, an edit, a booking): Admin looks again. */
  | { result: 'plan_changed'; dryRun: UploadDryRun }
  | { result: 'unknown_upload' };

export async function applyUpload(
  db: Db,
  staff: StaffMember,
  id: string,
  digest: string,
  requestId: string | null,
  bus?: Bus,
): Promise<ApplyOutcome> {
  assertMay(staff, 'gtfs.import');
  const dryRun = await dryRunUpload(db, staff, id);
  if (!dryRun) return { result: 'unknown_upload' };
  if (dryRun.digest !== digest) return { result: 'plan_changed', dryRun };
  try {
    // The upload's mark and the audit row commit with the import, or nothing does.
    const imported = await applyImport(db, dryRun.plan, {
      ...(bus ? { bus } : {}),
      inTransaction: async (tx, done) => {
        await tx.update(gtfsUploads).set({ appliedAt: new Date() }).where(eq(gtfsUploads.id, id));
        await recordNetworkChange(tx, staff, requestId, {
          entity: 'gtfs_import',
          entityKey: id,
          action: 'apply',
          before: { unchanged: done.unchanged, changed: done.changed, removed: done.removed },
          after: { added: done.added, changed: done.changed, version: done.version, file: dryRun.upload.fileName },
        });
      },
    });
    return { result: 'applied', imported };
  } catch (error) {
    if (error instanceof ImportRefused) return { result: 'refused', bookings: error.bookings };
    throw error;
  }
}

/** The network as a GTFS feed (the CLI's `npm run gtfs:export`), for Admin's download. */
export async function exportNetworkFeed(db: Db, staff: StaffMember, siteUrl: string): Promise<Uint8Array> {
  assertMay(staff, 'gtfs.export');
  return exportFeed(db, { siteUrl });
}
