/**
 * A small table every server process keeps in memory (white-label partners, feature flags), and
 * reloads as soon as any process announces a change on the bus. Messages are hints (README): a
 * process that missed one reloads anyway once its copy is older than `maxAgeMs`.
 *
 * The copy lives on globalThis under a registered symbol, like the database handle: the server
 * bundle and scripts/serve.ts (which asks "is this host a partner's?" before the static files)
 * are two copies of this module and must see the same snapshot.
 */
import { componentLogger } from '../logger.ts';
import { getBus, isServingProcess } from './index.ts';
import type { Topic } from './topics.ts';

interface SnapshotState<T> {
  value: T | undefined;
  loadedAt: number;
  loading: Promise<T> | undefined;
  following: boolean;
}

export interface LiveSnapshot<T> {
  /** The copy in memory; undefined until the first load finished. Never waits. */
  current(): T | undefined;
  /** The copy, loading it first when there is none or it is older than `maxAgeMs`. */
  get(now?: number): Promise<T>;
  /** Loads now (after this process's own change, before the bus brings the news back). */
  reload(): Promise<T>;
  /** Tells every process (this one included) to reload. */
  announce(): Promise<void>;
}

export function liveSnapshot<T>(options: {
  name: string;
  topic: Extract<Topic, 'partners_changed' | 'flags_changed' | 'redirects_changed' | 'page_overrides_changed'>;
  maxAgeMs: number;
  load: () => Promise<T>;
}): LiveSnapshot<T> {
  const key = Symbol.for(`roamly.snapshot.${options.name}`);
  const shared = globalThis as Record<symbol, SnapshotState<T> | undefined>;
  const state = (shared[key] ??= { value: undefined, loadedAt: 0, loading: undefined, following: false });

  const reload = (): Promise<T> => {
    state.loading ??= options
      .load()
      .then((value) => {
        state.value = value;
        state.loadedAt = Date.now();
        return value;
      })
      .finally(() => {
        state.loading = undefined;
      });
    return state.loading;
  };

  const follow = () => {
    if (state.following || !isServingProcess()) return;
    state.following = true;
    getBus()
      .then((bus) => bus.subscribe(options.topic, () => void reload().catch(() => undefined)))
      .catch((error: unknown) => {
        // Without the bus the age check still brings the change, within maxAgeMs.
        componentLogger(options.name).warn({ err: error instanceof Error ? error.message : String(error) }, 'not following changes');
      });
  };

  return {
    current: () => state.value,
    async get(now = Date.now()) {
      follow();
      if (state.value === undefined) return reload();
      // Stale: answer with what we have and refresh behind it.
      if (now - state.loadedAt > options.maxAgeMs) void reload().catch(() => undefined);
      return state.value;
    },
    reload,
    async announce() {
      await reload();
      const bus = await getBus();
      await bus.publish(options.topic, { at: Date.now() });
    },
  };
}
