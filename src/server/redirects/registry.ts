/**
 * The route redirects as every server process knows them, from memory (bus/liveSnapshot):
 * scripts/serve.ts asks `routeRedirectFor` before its static files answer, so a retired address
 * of a pre-rendered page redirects too, and Admin's change reaches every process over the bus.
 */
import { redirectFor, type RouteRedirect } from '../../domain/routeRedirects.ts';
import { liveSnapshot } from '../bus/liveSnapshot.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { listRedirects } from './store.ts';

let registryDb: (() => Promise<Db>) | undefined;
/** Tests read their own database. */
export function useRedirectsDb(db: Db | undefined): void {
  registryDb = db ? () => Promise.resolve(db) : undefined;
}

const snapshot = liveSnapshot<ReadonlyMap<string, RouteRedirect>>({
  name: 'route-redirects',
  topic: 'redirects_changed',
  maxAgeMs: 30_000,
  load: async () => {
    const rows = await listRedirects(registryDb ? await registryDb() : (await getDbHandle()).db);
    return new Map(rows.map(({ fromPath, target, status }) => [fromPath, { fromPath, target, status }]));
  },
});

export const loadRedirects = () => snapshot.get();
export const redirectsChanged = () => snapshot.announce();
export const reloadRedirects = () => snapshot.reload();

/** The redirect for a page request, from memory (never waits): null before the first load or when none matches. */
export function routeRedirectFor(pathname: string, search: string): ReturnType<typeof redirectFor> {
  const redirects = snapshot.current();
  return redirects ? redirectFor(redirects, pathname, search) : null;
}
