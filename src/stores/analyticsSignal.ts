/**
 * How islands tell the analytics collector what happened (a search, a tab, a failure, a checkout
 * stage): a DOM event on window that the collector listens to when — and only when — consent has
 * loaded it (src/components/analytics/). Without consent nobody listens and nothing is sent, and
 * the islands carry no collector code: this module is a few bytes.
 */
import type { EventKind } from '../domain/analytics/events.ts';

export const ANALYTICS_SIGNAL = 'travel:analytics';

export interface AnalyticsSignal {
  kind: Exclude<EventKind, 'page_view' | 'click'>;
  data: Record<string, string | number | boolean>;
}

/**
 * Signals raised before the collector loaded (it loads once the page is idle: a results page's
 * first search comes sooner). Kept in this page's memory only — nothing leaves the browser unless
 * consent loads the collector, which takes them once — and at most EARLY_LIMIT of them.
 */
const early: AnalyticsSignal[] = [];
const EARLY_LIMIT = 50;
let collectorListening = false;

export function signalAnalytics(kind: AnalyticsSignal['kind'], data: AnalyticsSignal['data']): void {
  if (typeof window === 'undefined') return;
  const detail = { kind, data };
  if (!collectorListening && early.length < EARLY_LIMIT) early.push(detail);
  window.dispatchEvent(new CustomEvent<AnalyticsSignal>(ANALYTICS_SIGNAL, { detail }));
}

/** For the collector, once it listens: what was signalled before, in order; later ones come as events. */
export function takeEarlySignals(): AnalyticsSignal[] {
  collectorListening = true;
  return early.splice(0);
}
