/**
 * The server's background jobs, one line each: what runs, how often (jobs/config.ts).
 */
import { dropOldAnalyticsPartitions, ensureAnalyticsPartitions } from '../analytics/partitions.ts';
import { releaseExpiredHolds } from '../booking/lifecycle/lapse.ts';
import type { EventDispatcher } from '../events/dispatch.ts';
import { expireCounterPayments } from '../payment/counterExpiry.ts';
import { deliverDueWebhooks } from '../payment/outbox.ts';
import { deliverOwedCancellationMails } from '../tickets/cancellationMail.ts';
import { deliverOwedConfirmationMails } from '../tickets/confirmationMail.ts';
import { sendBookingConfirmation } from '../tickets/mail.ts';
import { getMailer } from '../mail/index.ts';
import { parseServerEnv } from '../config.ts';
import { sendDueNpsSurveys } from '../support/surveys.ts';
import { sendDueTripReminders } from '../tickets/tripReminder.ts';
import type { JobsEnv } from './config.ts';
import type { Job } from './scheduler.ts';

export const JOB_NAMES = [
  'hold-sweep',
  'webhooks',
  'events',
  'counter-expiry',
  'mail-backstop',
  'nps-surveys',
  'trip-reminder',
  'analytics-partitions',
] as const;

export function serverJobs(env: JobsEnv, events: EventDispatcher): Job[] {
  return [
    /** Lapsed seat holds go back on sale. */
    { name: 'hold-sweep', intervalMs: env.JOB_HOLD_SWEEP_MS, run: (db, now) => releaseExpiredHolds(db, now) },
    /** The sandbox gateway's webhook sender (its own backoff per event). */
    { name: 'webhooks', intervalMs: env.JOB_WEBHOOKS_MS, run: (db, now) => deliverDueWebhooks(db, now.getTime()) },
    /** Domain events to their subscribers: confirmation and cancellation mails, refunds, analytics — with retries. */
    { name: 'events', intervalMs: env.JOB_EVENTS_MS, run: (db, now) => events.deliverDue(db, now) },
    /** Pay-at-counter references past their time become failed payments. */
    { name: 'counter-expiry', intervalMs: env.JOB_COUNTER_EXPIRY_MS, run: (db, now) => expireCounterPayments(db, now) },
    /**
     * Mails owed by bookings with no event to carry them: those paid or cancelled before the
     * events outbox existed (the others are the events job's, so the two never contend).
     */
    {
      name: 'mail-backstop',
      intervalMs: env.JOB_MAIL_BACKSTOP_MS,
      run: async (db, now) =>
        (await deliverOwedConfirmationMails(db, now, (d, id) => sendBookingConfirmation(d, id), 20, { withoutEvent: true })) +
        (await deliverOwedCancellationMails(db, undefined, now.getTime(), 20, { withoutEvent: true })),
    },
    /** The NPS survey, once per confirmed booking, after its last leg has arrived (issue 24). */
    {
      name: 'nps-surveys',
      intervalMs: env.JOB_NPS_SURVEYS_MS,
      run: (db, now) =>
        sendDueNpsSurveys({ db, mailer: getMailer(), now: () => now, siteUrl: parseServerEnv().SITE_URL.replace(/\/$/, '') }),
    },
    /** The day before departure: the trip reminder, unless the address declined reminders. */
    { name: 'trip-reminder', intervalMs: env.JOB_TRIP_REMINDER_MS, run: (db, now) => sendDueTripReminders(db, now) },
    /** The analytics table's day partitions: a week ahead made, days past the retention dropped. */
    {
      name: 'analytics-partitions',
      intervalMs: env.JOB_ANALYTICS_PARTITIONS_MS,
      run: async (db, now) =>
        (await ensureAnalyticsPartitions(db, now)) + (await dropOldAnalyticsPartitions(db, now, env.ANALYTICS_RETENTION_DAYS)).length,
    },
  ];
}
