/**
 * The analytics and operations calls (issue 25 items 4–6, SPEC §7): `analytics/visitlog`,
 * `analytics/external`, `analytics/client-errors`, `analytics/replay` (what the consent-gated
 * collector sends), `ping` and `bug-report`. The collector only runs with consent; the server
 * cannot tell consent from a beacon, so it stores what it is sent and nothing more (no IP address,
 * no user id: the visitor is the log id the browser chose).
 */
import type { APIContext } from 'astro';
import { z } from 'zod';
import { ApiError } from '../api/errors.ts';
import { endpoints, json, parseInput, readJson } from '../api/http.ts';
import type { Db } from '../db/client.ts';
import type { Mailer } from '../mail/mailer.ts';
import { consume } from '../rateLimit/counter.ts';
import { fileBugReport } from './bugReport.ts';
import { bugReportBody, clientErrorsBody, externalBody, replayBody, visitlogBody } from './schemas.ts';
import { recordClientErrors, recordExternal, recordReplay, recordVisitlog, type Origin } from './store.ts';

type Ctx = Pick<APIContext, 'url' | 'locals' | 'request' | 'clientAddress'>;

/** Bug reports per address per hour: enough for a person, too few to flood the staff's mail. */
export const BUG_REPORT_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

export const recordedAnswer = z.object({ recorded: z.number().int().nonnegative() });
export const pingAnswer = z.object({ pong: z.literal(true), time: z.iso.datetime() });
export const bugReportAnswer = z.object({ received: z.literal(true), mailed: z.number().int().nonnegative(), duplicate: z.boolean() });

function originOf(ctx: Ctx): Origin {
  return { host: ctx.url.host.slice(0, 255), lang: ctx.locals.locale.segment };
}

export function createAnalyticsApi(options: { db?: Db; mailer?: Mailer; now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const database = async () => options.db ?? (await import('../db/index.ts').then((m) => m.getDbHandle())).db;
  const mailer = async (): Promise<Mailer> => {
    if (options.mailer) return options.mailer;
    const { getMailer } = await import('../mail/index.ts');
    return getMailer();
  };
  const noStore = { 'cache-control': 'no-store' };

  return endpoints({
    async visitlog(ctx: Ctx): Promise<Response> {
      const body = parseInput(visitlogBody, await readJson(ctx.request), 'invalid_analytics');
      const recorded = await recordVisitlog(await database(), body, originOf(ctx), now());
      return json({ recorded }, 202, noStore);
    },

    async external(ctx: Ctx): Promise<Response> {
      const body = parseInput(externalBody, await readJson(ctx.request), 'invalid_analytics');
      await recordExternal(await database(), body, originOf(ctx), now());
      return json({ recorded: 1 }, 202, noStore);
    },

    async clientErrors(ctx: Ctx): Promise<Response> {
      const body = parseInput(clientErrorsBody, await readJson(ctx.request), 'invalid_analytics');
      const recorded = await recordClientErrors(await database(), body, originOf(ctx), ctx.request.headers.get('user-agent'), now());
      return json({ recorded }, 202, noStore);
    },

    async replay(ctx: Ctx): Promise<Response> {
      const body = parseInput(replayBody, await readJson(ctx.request), 'invalid_analytics');
      await recordReplay(await database(), body, now());
      return json({ recorded: body.events.length }, 202, noStore);
    },

    /** SPEC §7 ping: the process answers (no database involved; `health` checks that). */
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- endpoint() hands every handler its context
    ping(_ctx: Ctx): Promise<Response> {
      return Promise.resolve(json({ pong: true, time: now().toISOString() }, 200, noStore));
    },

    async bugReport(ctx: Ctx): Promise<Response> {
      const body = parseInput(bugReportBody, await readJson(ctx.request), 'invalid_bug_report');
      const db = await database();
      const at = now();
      const wait = await consume(db, [{ key: `bug-report:${ctx.clientAddress}`, limit: BUG_REPORT_LIMIT }], at);
      if (wait !== null) throw new ApiError('too_many_attempts', { headers: { 'retry-after': String(wait) } });
      const result = await fileBugReport(db, await mailer(), body, {
        reporterId: ctx.locals.session?.user.id ?? null,
        host: originOf(ctx).host,
        now: at,
      });
      return json({ received: true, ...result }, 202, noStore);
    },
  });
}

export const analyticsApi = createAnalyticsApi();
