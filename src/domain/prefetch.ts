/**
 * Route prefetch of likely next pages (issue 25 item 6, SPEC §9): at most 5 at once, and none
 * when the visitor saves data or is on a 2g connection. Kept here, apart from the DOM, so the
 * rules are tested without a browser (src/components/shell/prefetch.client.ts wires them).
 */

export const MAX_CONCURRENT_PREFETCHES = 5;

/** What `navigator.connection` tells (Network Information API; absent in some browsers). */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

export function prefetchAllowed(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  if (connection.saveData) return false;
  return connection.effectiveType !== '2g' && connection.effectiveType !== 'slow-2g';
}

/**
 * Pages whose GET does something (makes a cart, signs out, uses a one-time link or ticket link)
 * or is private to a step: never fetched ahead of the click.
 */
const NOT_AHEAD = /^\/[a-z]{2}\/(?:add-to-cart|checkout|pay|order|payment-status|profile|login|ticket|op)(?:\/|$)|[?&](?:token|t|hash)=/;

/**
 * The address to prefetch for a link, or undefined when it is not a page of this site worth
 * fetching: another origin, the page itself (or only its fragment), the API, a file download.
 */
export function prefetchTarget(href: string, here: { origin: string; pathname: string; search: string }): string | undefined {
  let url: URL;
  try {
    url = new URL(href, here.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== here.origin) return undefined;
  if (url.pathname === here.pathname && url.search === here.search) return undefined;
  if (url.pathname.startsWith('/api/') || /\.(?:pdf|ics|zip|json|xml)$/i.test(url.pathname)) return undefined;
  if (NOT_AHEAD.test(url.pathname + url.search)) return undefined;
  return url.pathname + url.search;
}

export interface PrefetchQueue {
  /** Queues an address (each at most once per page). */
  add(url: string): void;
  readonly active: number;
  readonly queued: number;
}

/** Fetches the queued addresses, never more than `max` at once; a failure is just skipped. */
export function createPrefetchQueue(fetchOne: (url: string) => Promise<unknown>, max = MAX_CONCURRENT_PREFETCHES): PrefetchQueue {
  const seen = new Set<string>();
  const waiting: string[] = [];
  let active = 0;
  const pump = () => {
    while (active < max && waiting.length > 0) {
      const url = waiting.shift();
      if (url === undefined) break;
      active += 1;
      void fetchOne(url)
        .catch(() => undefined)
        .finally(() => {
          active -= 1;
          pump();
        });
    }
  };
  return {
    add(url) {
      if (seen.has(url)) return;
      seen.add(url);
      waiting.push(url);
      pump();
    },
    get active() {
      return active;
    },
    get queued() {
      return waiting.length;
    },
  };
}
