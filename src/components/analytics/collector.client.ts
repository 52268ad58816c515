/**
 * The analytics collector (issue 25 items 4 and 5), loaded by start.client.ts only when the
 * visitor's consent allows statistics, and never run for bots (SPEC §1). It records the page view
 * (with its funnel stage), clicks as paths of at most 100 ancestors, what the islands signal
 * (searches, tab selections, search failures with their status, checkout stages) and client
 * errors that are not noise; its worker batches them and the page sends each batch with
 * navigator.sendBeacon. It keeps the visitor and session log ids, the referrer, the partner's
 * affiliate id and ad click ids in cookies (src/domain/cookieTable.ts lifetimes); the last three
 * only when consent also allows marketing. Withdrawing consent stops it and deletes its cookies.
 */
import { clickIdsFrom, affiliateIdFrom, clickPath, funnelStageOfPath, type CollectedEvent } from '../../domain/analytics/events.ts';
import { isIgnoredClientError, type ClientErrorReport } from '../../domain/analytics/clientErrors.ts';
import { samplingFor } from '../../domain/analytics/sampling.ts';
import { isBotUserAgent } from '../../domain/bots.ts';
import { CONSENT_CHANGED } from '../../domain/consent.ts';
import { ANALYTICS_SIGNAL, takeEarlySignals, type AnalyticsSignal } from '../../stores/analyticsSignal.ts';
import { writeCookie } from '../../stores/cookies.ts';
import { readCookie } from '../../stores/readCookie.ts';
import type { Batch, ToWorker } from './protocol.ts';
import { consentAllows } from './start.client.ts';

const ID_PATTERN = /^[\w-]{8,64}$/;

function ownId(name: 'visitor_log_id' | 'session_log_id'): { id: string; fresh: boolean } {
  const existing = readCookie(name);
  const id = existing && ID_PATTERN.test(existing) ? existing : crypto.randomUUID();
  // Written on every page: the session id's 30 minutes count from the last page seen.
  writeCookie(name, id);
  return { id, fresh: id !== existing };
}

/** The page's language segment, which the API paths carry. */
function langOf(doc: Document): string {
  return /^\/([a-z]{2})(?:\/|$)/.exec(doc.location.pathname)?.[1] ?? 'en';
}

export function startCollector(doc: Document): void {
  if (isBotUserAgent(navigator.userAgent)) return;
  const lang = langOf(doc);
  const api = (path: string) => `/api/nuxt/${lang}/analytics/${path}`;
  const routeName = doc.documentElement.dataset.route;
  const visitor = ownId('visitor_log_id');
  const session = ownId('session_log_id');
  const marketing = consentAllows('marketing');

  // Where the visit came from, kept for the session's later pages (marketing consent only).
  const landingAffiliate = affiliateIdFrom(doc.location.search);
  const landingClicks = clickIdsFrom(doc.location.search);
  const externalReferrer = doc.referrer && new URL(doc.referrer).host !== doc.location.host ? doc.referrer.slice(0, 500) : undefined;
  if (marketing) {
    if (landingAffiliate) writeCookie('affiliate_id', landingAffiliate);
    if (session.fresh && externalReferrer) writeCookie('referrer', externalReferrer);
    if (Object.keys(landingClicks).length > 0) writeCookie('ad_click_ids', JSON.stringify(landingClicks));
  }
  const affiliate = marketing ? readCookie('affiliate_id') : undefined;
  const identity = { visitor: visitor.id, session: session.id, ...(affiliate ? { affiliate } : {}) };

  const pending: CollectedEvent[] = [];
  const pendingErrors: Extract<ToWorker, { type: 'error' }>['report'][] = [];
  const worker = new Worker(new URL('./batch.worker.ts', import.meta.url), { type: 'module' });

  const beacon = (endpoint: string, body: string) => {
    const blob = new Blob([body], { type: 'application/json' });
    let queued = false;
    try {
      queued = navigator.sendBeacon(api(endpoint), blob);
    } catch {
      // Some browsers refuse a JSON-typed beacon; a keepalive fetch outlives the page the same way.
    }
    if (!queued)
      void fetch(api(endpoint), { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(
        () => undefined,
      );
  };

  worker.addEventListener('message', (message: MessageEvent<Batch>) => {
    const batch = message.data;
    if (batch.endpoint === 'visitlog') {
      pending.splice(0, batch.taken);
      beacon('visitlog', JSON.stringify({ ...identity, ...(JSON.parse(batch.body) as object) }));
    } else {
      pendingErrors.splice(0, batch.taken);
      beacon('client-errors', JSON.stringify({ session: session.id, ...(JSON.parse(batch.body) as object) }));
    }
  });

  const record = (kind: CollectedEvent['kind'], data?: CollectedEvent['data']) => {
    const event: CollectedEvent = { kind, at: Date.now(), path: doc.location.pathname, ...(data ? { data } : {}) };
    pending.push(event);
    worker.postMessage({ type: 'event', event } satisfies ToWorker);
  };

  const reportError = (report: ClientErrorReport) => {
    if (isIgnoredClientError(report)) return;
    const message: ToWorker = {
      type: 'error',
      report: {
        message: report.message.slice(0, 1000),
        stack: report.stack?.slice(0, 4000),
        source: report.source?.slice(0, 500),
        path: doc.location.pathname,
      },
    };
    pendingErrors.push(message.report);
    worker.postMessage(message);
  };

  // An arrival from outside (a referring site, a partner link, an ad click), once per session.
  if (session.fresh && (externalReferrer || landingAffiliate || Object.keys(landingClicks).length > 0)) {
    beacon(
      'external',
      JSON.stringify({
        ...identity,
        path: doc.location.pathname,
        ...(externalReferrer ? { referrer: externalReferrer } : {}),
        ...(marketing ? { click_ids: landingClicks } : {}),
      }),
    );
  }

  // On a partner's host the server marks the routes that partner records in full (its trackers).
  const recordedRoutes = doc.documentElement.dataset.recordedRoutes?.split(' ').filter(Boolean) ?? [];
  const sampling = samplingFor(session.id, routeName, recordedRoutes);
  const stage = funnelStageOfPath(doc.location.pathname, routeName);
  const timing = sampling.monitor ? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined) : undefined;
  record('page_view', {
    ...(routeName ? { route: routeName } : {}),
    ...(stage ? { stage } : {}),
    ...(timing ? { ttfb_ms: Math.round(timing.responseStart), dom_ms: Math.round(timing.domContentLoadedEventEnd) } : {}),
  });

  const onClick = (event: MouseEvent) => {
    record('click', { path: clickPath(event.target instanceof Element ? event.target : null) });
  };
  const onSignal = (event: Event) => {
    const { kind, data } = (event as CustomEvent<AnalyticsSignal>).detail;
    record(kind, data);
  };
  const onError = (event: ErrorEvent) => {
    reportError({ message: event.message, stack: (event.error as Error | undefined)?.stack, source: event.filename });
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as unknown;
    reportError(reason instanceof Error ? { message: reason.message, stack: reason.stack } : { message: String(reason) });
  };
  // Leaving (or hiding) the page: what the worker has not handed back yet goes out from here.
  const onHide = () => {
    if (doc.visibilityState !== 'hidden') return;
    worker.postMessage({ type: 'reset' } satisfies ToWorker);
    if (pending.length > 0) beacon('visitlog', JSON.stringify({ ...identity, events: pending.splice(0) }));
    if (pendingErrors.length > 0)
      beacon('client-errors', JSON.stringify({ session: session.id, errors: pendingErrors.splice(0).map((e) => ({ ...e, count: 1 })) }));
  };

  doc.addEventListener('click', onClick, { capture: true, passive: true });
  window.addEventListener(ANALYTICS_SIGNAL, onSignal);
  for (const { kind, data } of takeEarlySignals()) record(kind, data);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  doc.addEventListener('visibilitychange', onHide);

  // Session replay for the sampled sessions only (SPEC §9): the recording library loads just then.
  const replay = sampling.replay ? import('./replay.client.ts').then((m) => m.startReplay(api('replay'), session.id)) : undefined;

  // Consent withdrawn on this page: stop at once, drop what is queued, delete the ids.
  doc.addEventListener(CONSENT_CHANGED, () => {
    if (consentAllows('statistics')) return;
    doc.removeEventListener('click', onClick, { capture: true });
    window.removeEventListener(ANALYTICS_SIGNAL, onSignal);
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    doc.removeEventListener('visibilitychange', onHide);
    worker.terminate();
    pending.splice(0);
    pendingErrors.splice(0);
    void replay?.then((stop) => {
      stop();
    });
    for (const name of ['visitor_log_id', 'session_log_id', 'referrer', 'affiliate_id', 'ad_click_ids'] as const)
      writeCookie(name, undefined);
  });
}
