/**
 * Place suggestions for one field of the search form (SPEC §5, §7, §9): popular places when
 * the field is empty (prefetch, for the chosen origin when filling the destination), otherwise
 * a fetch debounced by 300 ms that aborts the request before it. At most 60 options.
 */
import { atom } from 'nanostores';
import type { TypeaheadAnswer } from '../domain/search/typeahead.ts';
import type { ApiResult } from './api.ts';
import { apiGet } from './apiGet.ts';

export const TYPEAHEAD_DEBOUNCE_MS = 300;
export const TYPEAHEAD_MAX = 60;
/** SPEC §5: place fields take at most 20 characters. */
export const PLACE_MAX_LENGTH = 20;

export interface Suggestion {
  id: string;
  type: 'place' | 'station';
  slug: string;
  name: string;
  country_code: string;
  place_name: string | null;
}

export interface Suggestions {
  header: 'popular_departures' | 'popular_destinations' | null;
  items: Suggestion[];
  /** The text these suggestions answer ('' for the popular list). */
  query: string;
}

export interface Typeahead {
  $suggestions: ReturnType<typeof atom<Suggestions | null>>;
  $loading: ReturnType<typeof atom<boolean>>;
  /** Shows the popular list (for the origin when given), at once. */
  popular(fromId?: string): Promise<void>;
  /** Asks for `query` after the debounce; a newer call cancels this one. */
  search(query: string): void;
  cancel(): void;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function createTypeahead(lang: string, fetcher: typeof fetch = (...args) => fetch(...args)): Typeahead {
  const $suggestions = atom<Suggestions | null>(null);
  const $loading = atom(false);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | undefined;

  function cancel(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    controller = undefined;
    $loading.set(false);
  }

  async function load(call: (signal: AbortSignal) => Promise<ApiResult<TypeaheadAnswer>>, query: string): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    $loading.set(true);
    try {
      const answer = await call(own.signal);
      if (!answer.ok) throw new Error(`typeahead ${answer.status}`);
      const body = answer.data;
      if (controller !== own) return;
      $suggestions.set({ header: body.header, items: body.items.slice(0, TYPEAHEAD_MAX), query });
    } catch (error) {
      // SPEC §8: aborted typeahead requests are ignored; other failures are logged.
      if (!isAbort(error)) console.warn(error);
      if (controller === own) $suggestions.set({ header: null, items: [], query });
    } finally {
      if (controller === own) {
        controller = undefined;
        $loading.set(false);
      }
    }
  }

  return {
    $suggestions,
    $loading,
    popular(fromId) {
      cancel();
      return load((signal) => apiGet(lang, 'typeahead/prefetch', fromId ? { fromId } : {}, { signal, fetcher }), '');
    },
    search(query) {
      if (timer !== undefined) clearTimeout(timer);
      const text = query.trim().slice(0, PLACE_MAX_LENGTH);
      timer = setTimeout(() => {
        timer = undefined;
        void load((signal) => apiGet(lang, 'typeahead/fetch', { query: text }, { signal, fetcher }), text);
      }, TYPEAHEAD_DEBOUNCE_MS);
    },
    cancel,
  };
}
