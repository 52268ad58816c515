/**
 * Which partner a host belongs to, answered from memory in every server process (bus/liveSnapshot).
 * Admin's save calls `partnersChanged()`, which reloads here and tells the other processes.
 */
import { liveSnapshot } from '../bus/liveSnapshot.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { normaliseHost, type Partner } from './partner.ts';
import { listPartners } from './store.ts';

export interface PartnerDirectory {
  byHost: Map<string, Partner>;
  list: Partner[];
}

export function partnerDirectory(list: Partner[]): PartnerDirectory {
  const byHost = new Map<string, Partner>();
  for (const partner of list) for (const host of partner.hosts) byHost.set(host, partner);
  return { byHost, list };
}

/** The database the registry reads: the process handle, or one a test names. */
let registryDb: (() => Promise<Db>) | undefined;
export function usePartnerDb(db: Db | undefined): void {
  registryDb = db ? () => Promise.resolve(db) : undefined;
}

const snapshot = liveSnapshot<PartnerDirectory>({
  name: 'partners',
  topic: 'partners_changed',
  maxAgeMs: 30_000,
  load: async () => partnerDirectory(await listPartners(registryDb ? await registryDb() : (await getDbHandle()).db)),
});

/** The partner of a request's Host header, or null for the main site. */
export async function partnerForHost(host: string | null | undefined): Promise<Partner | null> {
  const directory = await snapshot.get();
  return directory.byHost.get(normaliseHost(host)) ?? null;
}

/** Without waiting: for scripts/serve.ts, which must decide before the static files answer. */
export function isKnownPartnerHost(host: string | null | undefined): boolean {
  return snapshot.current()?.byHost.has(normaliseHost(host)) ?? false;
}

export const loadPartners = () => snapshot.get();
export const partnersChanged = () => snapshot.announce();
export const reloadPartners = () => snapshot.reload();
