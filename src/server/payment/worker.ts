/**
 * The server's background jobs for checkout, started on first use: the sandbox gateway's
 * webhook sender (every second, retries with backoff) and the sweep that returns lapsed seat
 * holds to sale (every 30 seconds). Timers are unref'd so they never keep a process alive.
 */
import type { Db } from '../db/client.ts';
import { releaseExpiredHolds } from '../booking/holds.ts';
import { deliverDueWebhooks } from './outbox.ts';

const started = new WeakSet<Db>();

export function ensurePaymentWorker(db: Db): void {
  if (started.has(db)) return;
  started.add(db);
  let busy = false;
  let ticks = 0;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    ticks++;
    const jobs: Promise<unknown>[] = [deliverDueWebhooks(db, Date.now())];
    if (ticks % 30 === 0) jobs.push(releaseExpiredHolds(db, new Date()));
    void Promise.allSettled(jobs).finally(() => {
      busy = false;
    });
  }, 1000);
  timer.unref();
}
