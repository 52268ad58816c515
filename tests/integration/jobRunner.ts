/**
 * A background-jobs process for tests/integration/jobs.multiprocess.test.ts, run as a child
 * process (`node tests/integration/jobRunner.ts URL elect|no-election`): the real scheduler and
 * leader election over one PostgreSQL database, running the real webhook sender and event
 * dispatcher plus `tally` — a job with no protection of its own (it reads the unhandled items,
 * then handles them), so only the leader election keeps two processes from doing it twice.
 * `no-election` is the negative control's switch: every process leads.
 */
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { openDb } from '../../src/server/db/client.ts';
import { createEventDispatcher, type EventHandler } from '../../src/server/events/dispatch.ts';
import { alwaysLeader, postgresLeadership } from '../../src/server/jobs/leader.ts';
import { createScheduler, type Job } from '../../src/server/jobs/scheduler.ts';
import { deliverDueWebhooks } from '../../src/server/payment/outbox.ts';

const [url, mode] = process.argv.slice(2);
if (!url || (mode !== 'elect' && mode !== 'no-election')) throw new Error('usage: jobRunner.ts DATABASE_URL elect|no-election');

const log = pino({ level: 'warn', base: { component: 'jobs', pid: process.pid } });
const handle = await openDb({ databaseUrl: url, maxConnections: 4 });
const db = handle.db;

// Every delivery is written down with the process that made it, for the test to count.
const logDelivery: EventHandler = async (d, event) => {
  await d.execute(sql`insert into job_test_log (kind, item, pid) values ('event', ${event.id}, ${process.pid})`);
};
const events = createEventDispatcher({
  'mail.confirmation': logDelivery,
  'mail.cancellation': logDelivery,
  'payment.refund': logDelivery,
  'reseller.commission': logDelivery,
  analytics: logDelivery,
});

const jobs: Job[] = [
  { name: 'webhooks', intervalMs: 100, run: (d, now) => deliverDueWebhooks(d, now.getTime()) },
  { name: 'events', intervalMs: 100, run: (d, now) => events.deliverDue(d, now, 500) },
  {
    name: 'tally',
    intervalMs: 100,
    run: async (d) => {
      const due = await d.execute(sql`select id from job_test_items where not handled order by id`);
      const ids = (due as { rows: { id: number }[] }).rows.map((r) => r.id);
      // Read, think, write: the classic lost update that only one runner at a time makes safe.
      await new Promise((resolve) => setTimeout(resolve, 30));
      for (const id of ids) {
        await d.execute(sql`insert into job_test_log (kind, item, pid) values ('tally', ${id}, ${process.pid})`);
        await d.execute(sql`update job_test_items set handled = true where id = ${id}`);
      }
      return ids.length;
    },
  },
];

const leadership = mode === 'elect' ? postgresLeadership({ databaseUrl: url, retryMs: 300, log }) : alwaysLeader();
const scheduler = createScheduler({ db, jobs, leadership, log });
scheduler.start();

// Tell the parent when this process leads, so it knows whom to kill.
let announced = false;
setInterval(() => {
  if (leadership.isLeader() && !announced) {
    announced = true;
    process.stdout.write(`leader ${String(process.pid)}\n`);
  }
}, 50);
process.stdout.write(`started ${String(process.pid)}\n`);
