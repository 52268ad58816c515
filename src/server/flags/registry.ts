/**
 * The feature flags as every server process knows them, from memory (bus/liveSnapshot): Admin's
 * change calls `flagsChanged()`, which reloads here and tells the other processes over the bus,
 * so a new visitor's page changes without a rebuild or a restart.
 */
import type { FeatureFlag } from '../../domain/featureFlags.ts';
import { liveSnapshot } from '../bus/liveSnapshot.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { listFlags } from './store.ts';

let registryDb: (() => Promise<Db>) | undefined;
/** Tests read their own database. */
export function useFlagsDb(db: Db | undefined): void {
  registryDb = db ? () => Promise.resolve(db) : undefined;
}

const snapshot = liveSnapshot<FeatureFlag[]>({
  name: 'feature-flags',
  topic: 'flags_changed',
  maxAgeMs: 30_000,
  load: async () => listFlags(registryDb ? await registryDb() : (await getDbHandle()).db),
});

export const loadFlags = () => snapshot.get();
export const currentFlags = () => snapshot.current();
export const flagsChanged = () => snapshot.announce();
export const reloadFlags = () => snapshot.reload();
