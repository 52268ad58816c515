/**
 * The three transports of bus.ts. Each keeps a dedicated connection for listening (PostgreSQL
 * LISTEN and Redis SUBSCRIBE both take over their connection) and publishes on another.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { createClient } from 'redis';
import type { Transport } from './bus.ts';

/** PostgreSQL NOTIFY payloads are limited to 8000 bytes; bus messages are small hints, far below. */
const MAX_MESSAGE_BYTES = 7_900;

function checkSize(text: string): void {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) throw new Error(`bus message over ${String(MAX_MESSAGE_BYTES)} bytes`);
}

/**
 * NOTIFY through the database every process already shares. A listener whose connection drops
 * reconnects (1 s, doubling up to 30 s) and listens again; what was published meanwhile is lost,
 * which is why listeners can also read the truth from the database.
 */
export function postgresTransport(databaseUrl: string, onError: (error: Error) => void = () => undefined): Transport {
  const publisher = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  publisher.on('error', onError);
  const channels = new Map<string, (text: string) => void>();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 1_000;

  function connect(): Promise<pg.Client> {
    connecting ??= (async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      client.on('notification', (n) => {
        if (n.payload !== undefined) channels.get(n.channel)?.(n.payload);
      });
      const lost = (error?: Error) => {
        if (listener !== client) return;
        listener = undefined;
        connecting = undefined;
        if (error) onError(error);
        if (!closed) setTimeout(() => void reconnect(), retryMs).unref();
      };
      client.on('error', lost);
      client.on('end', () => {
        lost();
      });
      await client.connect();
      for (const channel of channels.keys()) await client.query(`listen ${channel}`);
      listener = client;
      retryMs = 1_000;
      return client;
    })().catch((error: unknown) => {
      connecting = undefined;
      throw error;
    });
    return connecting;
  }

  async function reconnect(): Promise<void> {
    if (closed) return;
    try {
      await connect();
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      retryMs = Math.min(retryMs * 2, 30_000);
      setTimeout(() => void reconnect(), retryMs).unref();
    }
  }

  return {
    kind: 'postgres',
    async publish(channel, text) {
      checkSize(text);
      await publisher.query('select pg_notify($1, $2)', [channel, text]);
    },
    async listen(channel, onText) {
      channels.set(channel, onText);
      const client = listener ?? (await connect());
      // connect() already listened to every channel known when it ran; this one may be new.
      await client.query(`listen ${channel}`);
    },
    async unlisten(channel) {
      channels.delete(channel);
      await listener?.query(`unlisten ${channel}`);
    },
    async close() {
      closed = true;
      const client = listener;
      listener = undefined;
      await Promise.allSettled([client?.end(), publisher.end()]);
    },
  };
}

/** Redis pub/sub (REDIS_URL): the client library reconnects by itself and subscribes again. */
export async function redisTransport(redisUrl: string, onError: (error: Error) => void = () => undefined): Promise<Transport> {
  const publisher = createClient({ url: redisUrl });
  publisher.on('error', onError);
  const subscriber = publisher.duplicate();
  subscriber.on('error', onError);
  await Promise.all([publisher.connect(), subscriber.connect()]);
  return {
    kind: 'redis',
    async publish(channel, text) {
      checkSize(text);
      await publisher.publish(channel, text);
    },
    async listen(channel, onText) {
      await subscriber.subscribe(channel, (text) => {
        onText(text);
      });
    },
    async unlisten(channel) {
      await subscriber.unsubscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}

/**
 * One process (embedded PGlite). The emitter lives on globalThis: the server's pages and its jobs
 * run from two copies of this module (see src/server/db/index.ts) and must hear each other.
 */
const LOCAL = Symbol.for('roamly.bus.local');
const shared = globalThis as { [LOCAL]?: EventEmitter | undefined };

export function localTransport(): Transport {
  const emitter = (shared[LOCAL] ??= new EventEmitter().setMaxListeners(0));
  const mine = new Map<string, (text: string) => void>();
  return {
    kind: 'local',
    publish(channel, text) {
      checkSize(text);
      // Asynchronous like the other transports: a publisher never runs its listeners inline.
      setImmediate(() => emitter.emit(channel, text));
      return Promise.resolve();
    },
    listen(channel, onText) {
      mine.set(channel, onText);
      emitter.on(channel, onText);
      return Promise.resolve();
    },
    unlisten(channel) {
      const onText = mine.get(channel);
      if (onText) emitter.off(channel, onText);
      mine.delete(channel);
      return Promise.resolve();
    },
    close() {
      for (const [channel, onText] of mine) emitter.off(channel, onText);
      mine.clear();
      return Promise.resolve();
    },
  };
}
