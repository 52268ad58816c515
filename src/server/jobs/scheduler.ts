/**
 * One scheduler per server process; only the leader's runs anything (leader.ts). Each job runs
 * on its own interval, never overlapping itself; a process that becomes leader runs every job
 * at once (it does not know when the last leader ran them), then on interval. Every failure
 * is logged with the job's name and kept in `job_runs` — a job that throws is tried again on
 * its next interval, never silently dropped.
 */
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Db } from '../db/client.ts';
import type { Leadership } from './leader.ts';
import { recordFinish, recordStart } from './runs.ts';

export interface Job {
  name: string;
  intervalMs: number;
  /** Does one round of work; what it returns (a count) is logged at debug level. */
  run(db: Db, now: Date): Promise<unknown>;
}

export interface Scheduler {
  start(): void;
  /** Stops the timers, waits for running jobs, and gives up leadership. */
  stop(): Promise<void>;
}

/** How often each job's loop looks whether it is due and whether this process leads. */
const POLL_MS = 250;

export function createScheduler(options: { db: Db; jobs: readonly Job[]; leadership: Leadership; log: Logger }): Scheduler {
  const runBy = `${hostname()}:${String(process.pid)}`;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = true;

  async function runJob(job: Job): Promise<void> {
    const started = new Date();
    try {
      await recordStart(options.db, job, started, runBy);
      const result = await job.run(options.db, started);
      await recordFinish(options.db, job.name, new Date());
      options.log.debug({ job: job.name, result, ms: Date.now() - started.getTime() }, 'job ran');
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.log.error({ job: job.name, err: message }, 'job failed');
      await recordFinish(options.db, job.name, new Date(), message).catch((recordError: unknown) => {
        options.log.error(
          { job: job.name, err: recordError instanceof Error ? recordError.message : String(recordError) },
          'job run not recorded',
        );
      });
    }
  }

  function loop(job: Job): void {
    let lastStart = 0;
    let wasLeader = false;
    const tick = (): void => {
      if (stopped) return;
      const leader = options.leadership.isLeader();
      if (leader && !wasLeader) lastStart = 0;
      wasLeader = leader;
      const due = leader && Date.now() - lastStart >= job.intervalMs;
      const next = (): void => {
        if (stopped) return;
        const timer = setTimeout(
          () => {
            timers.delete(timer);
            tick();
          },
          Math.min(POLL_MS, job.intervalMs),
        );
        timer.unref();
        timers.add(timer);
      };
      if (!due) {
        next();
        return;
      }
      lastStart = Date.now();
      const run = runJob(job).finally(() => {
        running.delete(run);
        next();
      });
      running.add(run);
    };
    tick();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      options.leadership.start();
      for (const job of options.jobs) loop(job);
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
      await options.leadership.stop();
    },
  };
}
