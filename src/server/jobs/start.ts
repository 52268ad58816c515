/**
 * Starting the background work with the server (scripts/serve.ts calls this in every server
 * process): one scheduler per process, one leader per database, so N processes neither skip
 * nor duplicate work. PGlite serves from one process, which leads.
 */
import { parseServerEnv } from '../config.ts';
import { loadFlags } from '../flags/registry.ts';
import { loadPartners } from '../partners/registry.ts';
import { loadPageOverrides } from '../admin/pageOverrides.ts';
import { loadRedirects } from '../redirects/registry.ts';
import { getDbHandle } from '../db/index.ts';
import { eventDispatcher } from '../events/instance.ts';
import { parseJobsEnv } from './config.ts';
import { alwaysLeader, postgresLeadership } from './leader.ts';
import { serverJobs } from './list.ts';
import { jobsLogger } from './log.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';

export async function startServerJobs(env: Record<string, string | undefined> = process.env): Promise<Scheduler | undefined> {
  const jobsEnv = parseJobsEnv(env);
  const log = jobsLogger();
  if (jobsEnv.JOBS === 'off') {
    log.info('background jobs are off in this process (JOBS=off)');
    return undefined;
  }
  const serverEnv = parseServerEnv(env);
  const { db } = await getDbHandle();
  const leadership = serverEnv.DATABASE_URL
    ? postgresLeadership({ databaseUrl: serverEnv.DATABASE_URL, retryMs: jobsEnv.JOB_LEADER_RETRY_MS, log })
    : alwaysLeader();
  const scheduler = createScheduler({ db, jobs: serverJobs(jobsEnv, eventDispatcher), leadership, log });
  scheduler.start();
  return scheduler;
}

/**
 * Loads what scripts/serve.ts consults before its static files answer (issue 25): the white-label
 * partners' hosts, the feature flags and the route redirects. Built into this chunk so the server's copy of the
 * registries is the one loaded; kept fresh from then on through the bus.
 */
export async function loadRequestRegistries(): Promise<void> {
  const load = () => Promise.all([loadPartners(), loadFlags(), loadRedirects(), loadPageOverrides()]);
  await load();
  // A bus message missed while disconnected: the age check inside get() reloads within a minute.
  setInterval(() => void load().catch(() => undefined), 30_000).unref();
}
