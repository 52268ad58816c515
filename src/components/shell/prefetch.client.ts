/**
 * Prefetches the pages a visitor is likely to open next (SPEC §9): a link they point at, touch or
 * focus, and the links a page marks `data-prefetch` once they scroll into view. At most 5 at once
 * and nothing on data-saver or 2g (src/domain/prefetch.ts). A low-priority GET fills the HTTP
 * cache, so the click that follows is served from it.
 */
import { createPrefetchQueue, prefetchAllowed, prefetchTarget, type ConnectionInfo } from '../../domain/prefetch.ts';

export function startPrefetch(doc: Document): void {
  const connection = (navigator as Navigator & { connection?: ConnectionInfo }).connection;
  if (!prefetchAllowed(connection)) return;
  const queue = createPrefetchQueue((url) => fetch(url, { credentials: 'same-origin', priority: 'low' }));
  const consider = (link: HTMLAnchorElement) => {
    if (link.hasAttribute('download') || link.target === '_blank') return;
    // Checked again at each link: the visitor may have turned data-saver on meanwhile.
    if (!prefetchAllowed(connection)) return;
    const target = prefetchTarget(link.href, doc.location);
    if (target) queue.add(target);
  };
  const onIntent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (link instanceof HTMLAnchorElement) consider(link);
  };
  doc.addEventListener('pointerover', onIntent, { passive: true });
  doc.addEventListener('touchstart', onIntent, { passive: true });
  doc.addEventListener('focusin', onIntent);
  const marked = doc.querySelectorAll<HTMLAnchorElement>('a[data-prefetch][href]');
  if (marked.length === 0 || !('IntersectionObserver' in window)) return;
  const seen = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      seen.unobserve(entry.target);
      consider(entry.target as HTMLAnchorElement);
    }
  });
  for (const link of marked) seen.observe(link);
}
