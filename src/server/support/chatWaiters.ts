/**
 * Chat readers waiting for a new line, in this process, woken by the bus's `chat_message` from
 * whichever process stored the line (PostgreSQL NOTIFY, or Redis when REDIS_URL is set; in-process
 * with PGlite).
 *
 * Why long-polling and not Server-Sent Events: every API answer here is one JSON document through
 * the same request guard, error envelope and rate limits (src/server/api/), and a long-poll GET
 * is just such a request that takes up to CHAT_WAIT_MAX_S to answer. It needs no reconnect
 * protocol of its own (the client asks again with the last id it has), holds no connection while
 * the traveller reads between answers, and works through any proxy that passes a slow response.
 * Chat lines are seconds apart, so one request per line costs nothing that matters.
 *
 * A reader registers before it reads the database, so a line stored between its read and its
 * wait still wakes it; the bus message carries only the case id (NOTIFY payloads are small),
 * and the reader reads the lines itself.
 */
import { getBus, type Bus } from '../bus/index.ts';
import type { Db } from '../db/client.ts';
import { componentLogger } from '../logger.ts';
import { chatLines, type ChatLine } from './chat.ts';

export interface ChatWaiters {
  /**
   * Starts listening for `caseId` now; `arrived(ms)` resolves true when a line was announced for
   * the case since, false after `ms` or when `signal` aborts. Call `stop()` when done.
   */
  watch(caseId: number, signal?: AbortSignal): Promise<{ arrived: (ms: number) => Promise<boolean>; stop: () => void }>;
  /** Tells every process's readers of the case that a line was stored (after the commit). */
  announce(caseId: number, lineId: number): Promise<void>;
}

/** `openBus` null: a process that hears no other (tests' negative control) — readers only time out. */
export function createChatWaiters(openBus: () => Promise<Bus | null>): ChatWaiters {
  const watchers = new Map<number, Set<() => void>>();
  let listening: Promise<void> | undefined;

  function wake(caseId: number): void {
    for (const notify of watchers.get(caseId) ?? []) notify();
  }

  function listen(): Promise<void> {
    listening ??= openBus()
      .then(async (bus) => {
        if (bus)
          await bus.subscribe('chat_message', (message) => {
            wake(message.caseId);
          });
      })
      .catch((error: unknown) => {
        // Readers still get their lines when the wait ends; the next reader tries again.
        listening = undefined;
        componentLogger('chat').warn({ err: error instanceof Error ? error.message : String(error) }, 'chat bus unavailable');
      });
    return listening;
  }

  return {
    async watch(caseId, signal) {
      let announced = false;
      let notifyWaiter: (() => void) | undefined;
      const notify = () => {
        announced = true;
        notifyWaiter?.();
      };
      let set = watchers.get(caseId);
      if (!set) watchers.set(caseId, (set = new Set()));
      set.add(notify);
      await listen();
      const stop = () => {
        set.delete(notify);
        if (set.size === 0 && watchers.get(caseId) === set) watchers.delete(caseId);
      };
      const arrived = (ms: number) =>
        new Promise<boolean>((resolve) => {
          if (announced || signal?.aborted) {
            resolve(announced);
            return;
          }
          const done = (value: boolean) => {
            clearTimeout(timer);
            signal?.removeEventListener('abort', onAbort);
            notifyWaiter = undefined;
            resolve(value);
          };
          const onAbort = () => {
            done(false);
          };
          const timer = setTimeout(() => {
            done(false);
          }, ms);
          notifyWaiter = () => {
            done(true);
          };
          signal?.addEventListener('abort', onAbort, { once: true });
        });
      return { arrived, stop };
    },

    async announce(caseId, lineId) {
      try {
        const bus = await openBus();
        // In-process (PGlite) and over the wire alike, the bus delivers to this process's own subscription too.
        if (bus) await bus.publish('chat_message', { caseId, id: lineId });
        else wake(caseId);
      } catch (error) {
        componentLogger('chat').warn({ err: error instanceof Error ? error.message : String(error) }, 'chat announcement failed');
        wake(caseId);
      }
    },
  };
}

/**
 * A case's lines after `after`; when there are none yet, held up to `waitS` seconds for one from
 * any process. Watching starts before the first read, so a line stored in between still counts.
 */
export async function linesWhenReady(
  db: Db,
  waiters: ChatWaiters,
  request: { caseId: number; after: number; waitS: number; signal?: AbortSignal },
): Promise<ChatLine[]> {
  const watch = await waiters.watch(request.caseId, request.signal);
  try {
    const lines = await chatLines(db, request.caseId, request.after);
    if (lines.length || request.waitS === 0) return lines;
    await watch.arrived(request.waitS * 1000);
    return await chatLines(db, request.caseId, request.after);
  } finally {
    watch.stop();
  }
}

/** The process's chat readers, shared by every copy of this module (like the bus itself). */
const WAITERS = Symbol.for('roamly.chat.waiters');
const shared = globalThis as { [WAITERS]?: ChatWaiters | undefined };

export function processChatWaiters(): ChatWaiters {
  return (shared[WAITERS] ??= createChatWaiters(getBus));
}
