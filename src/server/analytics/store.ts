/**
 * Writes what the collector sends (issue 25 items 4 and 5). The server's clock decides the day
 * (and so the partition); the funnel stage of each event is worked out here from its path, its
 * route and what it reports, so the funnel never depends on the client naming stages right.
 */
import { analyticsEvents, clientErrors, sessionReplays } from '../db/schema.ts';
import type { Db } from '../db/client.ts';
import { funnelStageOfCheckoutStage, funnelStageOfPath, type FunnelStage } from '../../domain/analytics/events.ts';
import type { ClientErrorsBody, ExternalBody, ReplayBody, VisitlogBody } from './schemas.ts';

/** Where a call came from: the host it was made on (the partner's site) and its language. */
export interface Origin {
  host: string;
  lang: string;
}

type Collected = VisitlogBody['events'][number];

export function funnelStageOf(event: Collected): FunnelStage | null {
  const data = event.data ?? {};
  if (event.kind === 'search') return 'search';
  if (event.kind === 'page_view') return funnelStageOfPath(event.path, typeof data.route === 'string' ? data.route : undefined) ?? null;
  if (event.kind === 'checkout_stage' && typeof data.stage === 'string') return funnelStageOfCheckoutStage(data.stage) ?? null;
  return null;
}

/** A browser clock far off (or a replayed old beacon) keeps its value, but not a nonsense instant. */
function clientInstant(at: number, now: Date): Date {
  const tenYearsMs = 10 * 365 * 86_400_000;
  return Math.abs(at - now.getTime()) > tenYearsMs ? now : new Date(at);
}

export async function recordVisitlog(db: Db, body: VisitlogBody, origin: Origin, now: Date): Promise<number> {
  await db.insert(analyticsEvents).values(
    body.events.map((event) => ({
      recordedAt: now,
      occurredAt: clientInstant(event.at, now),
      visitorId: body.visitor,
      sessionId: body.session,
      kind: event.kind,
      stage: funnelStageOf(event),
      path: event.path,
      host: origin.host,
      affiliateId: body.affiliate ?? null,
      lang: origin.lang,
      data: event.data ?? {},
    })),
  );
  return body.events.length;
}

/** An arrival from outside (referring site, partner link, ad click ids): one `arrival` row. */
export async function recordExternal(db: Db, body: ExternalBody, origin: Origin, now: Date): Promise<void> {
  await db.insert(analyticsEvents).values({
    recordedAt: now,
    occurredAt: now,
    visitorId: body.visitor,
    sessionId: body.session,
    kind: 'arrival',
    path: body.path,
    host: origin.host,
    affiliateId: body.affiliate ?? null,
    lang: origin.lang,
    data: { ...(body.referrer ? { referrer: body.referrer } : {}), ...(body.click_ids ? { click_ids: body.click_ids } : {}) },
  });
}

export async function recordClientErrors(
  db: Db,
  body: ClientErrorsBody,
  origin: Origin,
  userAgent: string | null,
  now: Date,
): Promise<number> {
  await db.insert(clientErrors).values(
    body.errors.map((e) => ({
      recordedAt: now,
      sessionId: body.session ?? null,
      message: e.message,
      stack: e.stack ?? null,
      source: e.source ?? null,
      path: e.path,
      host: origin.host,
      userAgent: userAgent?.slice(0, 500) ?? null,
      count: e.count,
    })),
  );
  return body.errors.length;
}

export async function recordReplay(db: Db, body: ReplayBody, now: Date): Promise<void> {
  await db.insert(sessionReplays).values({ recordedAt: now, sessionId: body.session, seq: body.seq, path: body.path, events: body.events });
}
