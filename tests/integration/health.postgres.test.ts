/**
 * `GET /api/health` for a load balancer (issue 25 item 6): 503 while the database is unreachable,
 * 200 again once it is back — for real, on PostgreSQL: the server's pool talks to its database
 * through a TCP proxy that the test stops (every connection cut, new ones refused) and starts
 * again on the same port. PostgreSQL only (PGlite has no connection to lose).
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from '../../src/server/db/client.ts';
import { readinessStatus, readReadiness } from '../../src/server/health/readiness.ts';
import { getSearchIndex, searchIndexStatus } from '../../src/server/search/cache.ts';
import { DATABASES, postgresUrl } from './databases.ts';

const postgres = DATABASES.find((d) => d.name === 'postgres');
if (!postgres) console.log('Health-with-a-stopped-database test SKIPPED: it needs PostgreSQL (set TEST_DATABASE_URL).');

/** A TCP proxy to PostgreSQL that can be stopped (cutting every connection) and started again. */
class StoppableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  private readonly host: string;
  private readonly targetPort: number;
  constructor(host: string, targetPort: number) {
    this.host = host;
    this.targetPort = targetPort;
  }

  async start(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise((resolve) => server.close(resolve));
  }
}

describe.skipIf(!postgres)('health while PostgreSQL goes away and comes back', () => {
  let direct: DbHandle;
  let proxy: StoppableProxy;
  let server: DbHandle;

  beforeAll(async () => {
    if (!postgres) return;
    direct = await postgres.open();
    const url = new URL(postgresUrl(direct));
    proxy = new StoppableProxy(url.hostname, Number(url.port || 5432));
    await proxy.start();
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    server = await openDb({ databaseUrl: url.toString(), maxConnections: 4 });
  });
  afterAll(async () => {
    await server.close().catch(() => undefined);
    await proxy.stop();
    await direct.close();
  });

  const check = () =>
    readReadiness(server.db, new Date(), { warmIndex: () => getSearchIndex(server.db), indexStatus: () => searchIndexStatus(server.db) });

  it('answers 200, then 503 with the database stopped, then 200 when it is back', async () => {
    const up = await check();
    expect(up.database.ok).toBe(true);
    expect(up.search_index).toMatchObject({ ready: true });
    expect(up.search_index.age_ms).toBeGreaterThanOrEqual(0);
    expect(up.mail_queue).toEqual({ confirmations_owed: 0, cancellations_owed: 0 });
    expect(readinessStatus(up)).toBe(200);

    await proxy.stop();
    const down = await check();
    expect(down.status).toBe('down');
    expect(down.database.ok).toBe(false);
    expect(readinessStatus(down)).toBe(503);

    await proxy.start(); // the same port: the pool reconnects by itself
    const back = await check();
    expect(back.database.ok).toBe(true);
    expect(readinessStatus(back)).toBe(200);
  }, 30_000);
});
