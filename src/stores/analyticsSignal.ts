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

export function signalAnalytics(kind: AnalyticsSignal['kind'], data: AnalyticsSignal['data']): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent<AnalyticsSignal>(ANALYTICS_SIGNAL, { detail: { kind, data } }));
}
