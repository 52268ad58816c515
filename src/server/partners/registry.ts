/**
 * Which partner a host belongs to, answered from memory in every server process (bus/liveSnapshot).
 * Admin's save calls `partnersChanged()`, which reloads here and tells the other processes.
 */
import { liveSnapshot } from '../bus/liveSnapshot.ts';
import { parseServerEnv } from '../config.ts';
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

/**
 * Where a traveller's links lead (the ticket link in a mail): a booking made on a partner's host
 * goes back to that host — the partner's look and words, its back-button rule — with SITE_URL's
 * scheme and port; anything else (or a partner deleted since) to SITE_URL.
 */
export async function siteOriginFor(partnerId: number | null): Promise<string> {
  const site = new URL(parseServerEnv().SITE_URL);
  if (partnerId === null) return site.origin;
  const host = (await snapshot.get()).list.find((p) => p.id === partnerId)?.hosts[0];
  return host ? `${site.protocol}//${host}${site.port ? `:${site.port}` : ''}` : site.origin;
}
