/**
 * One leader per database. The leader holds a PostgreSQL session advisory lock on a connection
 * of its own (never one of the pool's, which are shared and returned). The lock lives exactly as
 * long as that connection: a leader killed with -9 loses it the moment PostgreSQL sees the socket
 * close, and a follower's next `pg_try_advisory_lock` takes over. Followers retry every
 * `retryMs`; the leader checks its connection as often, and stops leading the moment a check
 * fails — before anything else could have taken the lock, since the server only frees it when
 * the session ends.
 *
 * PGlite is one process by construction (it opens its data directory from one process only),
 * so that process always leads.
 */
import pg from 'pg';
import type { Logger } from 'pino';

/** "roamly.jobs" as the advisory lock's key: one lock for all jobs of a database. */
export const LEADER_LOCK_KEY = 7_305_884_123_441_001;

export interface Leadership {
  isLeader(): boolean;
  start(): void;
  stop(): Promise<void>;
}

/** PGlite, and the test-only negative control that turns election off: every process leads. */
export function alwaysLeader(): Leadership {
  return { isLeader: () => true, start: () => undefined, stop: () => Promise.resolve() };
}

export function postgresLeadership(options: { databaseUrl: string; retryMs: number; log: Logger; lockKey?: number }): Leadership {
  const key = String(options.lockKey ?? LEADER_LOCK_KEY);
  const sessionTimeoutMs = Math.max(10_000, options.retryMs * 10);
  let client: pg.Client | undefined;
  let leader = false;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;

  function drop(reason: string): void {
    if (leader) options.log.warn({ reason }, 'job leadership lost');
    leader = false;
    const old = client;
    client = undefined;
    // The session ends with the connection, and the lock with it.
    old?.end().catch(() => undefined);
  }

  async function attempt(): Promise<void> {
    if (!client) {
      // A check that hangs (the database unreachable without the socket closing) ends leadership
      // instead of leaving this process leading blind.
      const next = new pg.Client({
        connectionString: options.databaseUrl,
        application_name: 'roamly-jobs-leader',
        keepAlive: true,
        query_timeout: sessionTimeoutMs / 2,
      });
      next.on('error', (error) => {
        drop(`leader connection failed: ${error.message}`);
      });
      client = next;
      await next.connect();
      // The other side of the same problem: a leader that vanished without closing its socket
      // (host lost, network cut) would keep the lock until TCP keepalive gives up, hours later.
      // Its session is never idle longer than retryMs, so the server ending idle sessions ends
      // only a vanished leader's — and frees the lock for a follower. (PostgreSQL 14 and later.)
      await next.query(`set idle_session_timeout = ${String(sessionTimeoutMs)}`).catch((error: unknown) => {
        options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'idle_session_timeout not available');
      });
    }
    const current = client;
    if (leader) {
      await current.query('select 1');
      return;
    }
    const result = await current.query<{ ok: boolean }>('select pg_try_advisory_lock($1::bigint) as ok', [key]);
    if (result.rows[0]?.ok === true && client === current && !stopped) {
      leader = true;
      options.log.info({ pid: process.pid }, 'job leadership taken');
    }
  }

  function loop(): void {
    if (stopped) return;
    attempt()
      .catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        options.log.error({ job: 'leader-election', err: message }, 'leader election failed');
        drop(message);
      })
      .finally(() => {
        if (!stopped) {
          timer = setTimeout(loop, options.retryMs);
          timer.unref();
        }
      });
  }

  return {
    isLeader: () => leader,
    start() {
      if (!stopped) return;
      stopped = false;
      loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      leader = false;
      const old = client;
      client = undefined;
      await old?.end().catch(() => undefined);
    },
  };
}
