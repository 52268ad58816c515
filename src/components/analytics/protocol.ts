/** Messages between the collector (page) and its batching worker (batch.worker.ts). */
import type { ClientErrorReport } from '../../domain/analytics/clientErrors.ts';
import type { CollectedEvent } from '../../domain/analytics/events.ts';

/** Page → worker. */
export type ToWorker =
  | { type: 'event'; event: CollectedEvent }
  | { type: 'error'; report: ClientErrorReport & { path: string } }
  /** The page is going away: it sends what it still holds itself; the worker forgets its queue. */
  | { type: 'reset' };

/** Worker → page: one batch for one endpoint, ready to go out with sendBeacon. */
export interface Batch {
  type: 'batch';
  endpoint: 'visitlog' | 'client-errors';
  /** How many of the page's queued items of this endpoint the batch holds (oldest first). */
  taken: number;
  body: string;
}

/** A batch goes out after this long, or sooner when it reaches BATCH_MAX_ITEMS. */
export const BATCH_INTERVAL_MS = 3_000;
export const BATCH_MAX_ITEMS = 25;
