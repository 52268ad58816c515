/**
 * The process's search index: built on first use, and rebuilt when `inventory_version`
 * changes. Whoever changes the network publishes `inventory_changed` on the bus
 * (src/server/bus), so every server process starts its rebuild at once; as a backstop for a
 * message lost while a process was disconnected, the version is also read at most every few
 * seconds, on a request. While a new index builds, requests keep using the old one: a search is
 * never slower than the build.
 */
import { profileNetwork } from '../../domain/search/profile.ts';
import { SEARCH_ENGINE } from '../../domain/search/search.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { ApiError } from '../api/errors.ts';
import type { Db } from '../db/client.ts';
import { getDbHandle } from '../db/index.ts';
import { getBus, isServingProcess } from '../bus/index.ts';
import { componentLogger } from '../logger.ts';
import { loadIndex, readInventoryVersion } from './loadIndex.ts';

const CHECK_INTERVAL_MS = 5_000;

/** Thrown while the index cannot be loaded: the API answers 503 `search_unavailable` (the client's hasError path). */
export class IndexNotReadyError extends ApiError {
  constructor(cause: unknown) {
    super('search_unavailable', {}, { cause });
  }
}

interface CacheState {
  index?: TimetableIndex;
  /** When the current index was built (ms since the epoch): its age for the health check. */
  builtAt?: number;
  checkedAt: number;
  building?: Promise<TimetableIndex>;
}

const caches = new WeakMap<Db, CacheState>();

function rebuild(db: Db, state: CacheState): Promise<TimetableIndex> {
  state.building ??= loadIndex(db)
    .then((index) => {
      // The fastest-journeys search's dense arrays, built here too when searches use it (not on
      // the first search, which would wait for them) while the old index keeps answering.
      if (SEARCH_ENGINE === 'fastest') profileNetwork(index);
      state.index = index;
      state.checkedAt = Date.now();
      state.builtAt = state.checkedAt;
      return index;
    })
    .finally(() => {
      delete state.building;
    });
  return state.building;
}

/** Rebuilds the process database's index as soon as any process says the network changed. */
function followInventoryChanges(db: Db, state: CacheState): void {
  getBus()
    .then((bus) =>
      bus.subscribe('inventory_changed', ({ version }) => {
        if (version !== state.index?.version) void rebuild(db, state).catch(() => undefined);
      }),
    )
    .catch((error: unknown) => {
      // Without the bus the periodic version check still brings the change, seconds later.
      componentLogger('search').warn({ err: error instanceof Error ? error.message : String(error) }, 'not following inventory changes');
    });
}

/** The index for `db` (default: the process database), fresh within CHECK_INTERVAL_MS. */
export async function getSearchIndex(db?: Db, now: number = Date.now()): Promise<TimetableIndex> {
  const database = db ?? (await getDbHandle()).db;
  let state = caches.get(database);
  if (!state) {
    caches.set(database, (state = { checkedAt: 0 }));
    if (!db && isServingProcess()) followInventoryChanges(database, state);
  }
  const current = state.index;
  if (!current) {
    try {
      return await rebuild(database, state);
    } catch (error) {
      throw new IndexNotReadyError(error);
    }
  }
  if (now - state.checkedAt >= CHECK_INTERVAL_MS && !state.building) {
    state.checkedAt = now;
    try {
      const version = await readInventoryVersion(database);
      if (version !== undefined && version !== current.version) void rebuild(database, state).catch(() => undefined);
    } catch {
      // A failed version check keeps the current index; the next interval tries again.
    }
  }
  return current;
}

export interface SearchIndexStatus {
  ready: boolean;
  version: number | null;
  built_at: string | null;
  /** How old the index this process answers from is; null before the first build. */
  age_ms: number | null;
  building: boolean;
}

/** This process's index for `db`, as the health check reports it (nothing is loaded). */
export function searchIndexStatus(db: Db, now: number = Date.now()): SearchIndexStatus {
  const state = caches.get(db);
  const builtAt = state?.index ? (state.builtAt ?? null) : null;
  return {
    ready: state?.index !== undefined,
    version: state?.index?.version ?? null,
    built_at: builtAt === null ? null : new Date(builtAt).toISOString(),
    age_ms: builtAt === null ? null : Math.max(0, now - builtAt),
    building: state?.building !== undefined,
  };
}

/** Waits for a rebuild in progress (tests and the benchmark want the fresh index). */
export async function refreshSearchIndex(db: Db): Promise<TimetableIndex> {
  let state = caches.get(db);
  if (!state) caches.set(db, (state = { checkedAt: 0 }));
  return rebuild(db, state);
}
