/**
 * The results page's page cache in the island (rules in src/domain/results/pageCache.ts): the
 * page keeps its answer, scroll position and shown cards when it is left (`pagehide`: a trip,
 * checkout, another site), and a return by the back or forward button within the recheck window
 * shows them again instead of searching. A reload or a new visit always searches.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { keepPage, takePage } from '../../domain/results/pageCache.ts';
import { restoreResults, resultsSnapshot, type ResultsSnapshot } from '../../stores/resultsPage.store.ts';

interface Kept {
  snapshot: ResultsSnapshot;
  /** The currency the answer was asked in: another currency is another answer. */
  currency: string;
  /** Cards shown ("show more" pages opened), so the scroll position exists again. */
  pageEnd: number;
}

function cameBack(): boolean {
  const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  return entry?.type === 'back_forward';
}

const pageUrl = () => `${window.location.pathname}${window.location.search}`;

export interface PageCache {
  /** Call on mount once the address is final: takes the kept page for it, if any. */
  take: () => void;
  /** Shows the kept answer instead of searching, when there is one in this currency. */
  restore: (currency: string) => boolean;
  /** The cards to show and the scroll position to go back to, once the restored list is on screen. */
  pending: { pageEnd: number; scrollY: number } | null;
  /** The list is on screen at the restored length: scroll, then forget. */
  scrolled: () => void;
}

export function usePageCache(current: () => { currency: string | null; pageEnd: number; roundTrip: boolean }): PageCache {
  const kept = useRef<{ data: Kept; scrollY: number } | undefined>(undefined);
  const [pending, setPending] = useState<PageCache['pending']>(null);
  const read = useRef(current);
  read.current = current;

  useEffect(() => {
    const onHide = () => {
      const { currency, pageEnd, roundTrip } = read.current();
      const snapshot = resultsSnapshot();
      // A round trip's state (the outbound cart) is not part of the list: that page searches again.
      if (!snapshot || !currency || roundTrip) return;
      keepPage<Kept>(sessionStorage, {
        url: pageUrl(),
        savedAt: Date.now(),
        scrollY: window.scrollY,
        data: { snapshot, currency, pageEnd },
      });
    };
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
    };
  }, []);

  const take = useCallback(() => {
    if (!cameBack()) return;
    const page = takePage<Kept>(sessionStorage, pageUrl(), Date.now());
    if (!page) return;
    kept.current = { data: page.data, scrollY: page.scrollY };
    // This page puts the scroll back itself once its list is on screen; the browser's own
    // restoration, still retrying while the page grows, landed a screen further down.
    history.scrollRestoration = 'manual';
  }, []);

  const restore = useCallback((currency: string) => {
    const page = kept.current;
    kept.current = undefined;
    if (page?.data.currency !== currency) return false;
    restoreResults(page.data.snapshot);
    setPending({ pageEnd: page.data.pageEnd, scrollY: page.scrollY });
    return true;
  }, []);

  const scrolled = useCallback(() => {
    setPending(null);
  }, []);

  return { take, restore, pending, scrolled };
}
