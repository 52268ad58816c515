/**
 * The process-wide bus, opened on first use from the server's configuration: Redis when
 * REDIS_URL is set, else PostgreSQL when DATABASE_URL is set, else in-process (PGlite). Kept on
 * globalThis for the same reason as the database handle (src/server/db/index.ts).
 */
import { parseServerEnv } from '../config.ts';
import { componentLogger } from '../logger.ts';
import { createBus, type Bus, type Transport } from './bus.ts';
import { localTransport, postgresTransport, redisTransport } from './transports.ts';

const BUS = Symbol.for('roamly.bus');
const shared = globalThis as { [BUS]?: Promise<Bus> | undefined };

export function openBus(config: { redisUrl?: string | undefined; databaseUrl?: string | undefined }): Promise<Bus> {
  const onError = (error: Error) => {
    componentLogger('bus').warn({ err: error.message }, 'bus connection problem');
  };
  const transport: Promise<Transport> = config.redisUrl
    ? redisTransport(config.redisUrl, onError)
    : Promise.resolve(config.databaseUrl ? postgresTransport(config.databaseUrl, onError) : localTransport());
  return transport.then((t) =>
    createBus(t, (topic, reason) => {
      componentLogger('bus').warn({ topic, reason }, 'bus message dropped');
    }),
  );
}

export function getBus(): Promise<Bus> {
  if (!shared[BUS]) {
    const env = parseServerEnv();
    shared[BUS] = openBus({ redisUrl: env.REDIS_URL, databaseUrl: env.DATABASE_URL });
  }
  return shared[BUS];
}

export async function closeBus(): Promise<void> {
  const opening = shared[BUS];
  shared[BUS] = undefined;
  if (opening) await (await opening).close();
}

/**
 * Only a process that serves requests follows the bus: a build or a script that reads the search
 * index has nobody to keep fresh, and a listening connection would keep it from exiting.
 * scripts/serve.ts marks its processes before loading the server bundle.
 */
const SERVING = Symbol.for('roamly.serving');
const flags = globalThis as { [SERVING]?: boolean };

export function markServingProcess(): void {
  flags[SERVING] = true;
}

export function isServingProcess(): boolean {
  return flags[SERVING] === true;
}

export type { Bus } from './bus.ts';
