/**
 * The server's background jobs for checkout, started on first use: the sandbox gateway's
 * webhook sender (every second, retries with backoff), the sweep that returns lapsed seat
 * holds to sale (every 30 seconds), the sender of confirmation mails still owed after a
 * failure (every 10 seconds) and of cancellation mails still owed after one (every minute). Timers are unref'd so they never keep a process alive.
 */
import type { Db } from '../db/client.ts';
import { releaseExpiredHolds } from '../booking/lifecycle/lapse.ts';
import { deliverOwedCancellationMails } from '../tickets/cancellationMail.ts';
import { deliverOwedConfirmationMails } from '../tickets/confirmationMail.ts';
import { sendBookingConfirmation } from '../tickets/mail.ts';
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
    if (ticks % 10 === 0) jobs.push(deliverOwedConfirmationMails(db, new Date(), (d, id) => sendBookingConfirmation(d, id)));
    if (ticks % 60 === 0) jobs.push(deliverOwedCancellationMails(db));
    void Promise.allSettled(jobs).finally(() => {
      busy = false;
    });
  }, 1000);
  timer.unref();
}
