/**
 * The admin calls of SPEC §7 under /api/nuxt/{lang}/admin/ (issue 22): staff only, by the
 * operators area's role table (gate.ts) — checked before any input is read, so a refused caller
 * learns nothing about the input's shape.
 *   - GET  admin/tripinfo?key=   a trip's legs, stops, fares, seats, holds, closures and why search shows it or not;
 *   - GET  admin/seo[?path=]     the search-engine overrides; POST saves one page's (empty texts remove it);
 *   - POST admin/warmup          rebuild the search index and caches in every process;
 *   - GET  admin/article         the published article edits; POST publishes or unpublishes one;
 *   - GET  admin/proxy?path=&partner=|host=&client=   what that partner's host or app gets for the path.
 */
import type { APIContext } from 'astro';
import type { ActiveSession } from '../accounts/sessions.ts';
import { endpoints, json, NO_STORE, parseInput, queryObject, readJson } from '../api/http.ts';
import type { Bus } from '../bus/bus.ts';
import type { Db } from '../db/client.ts';
import type { TimetableIndex } from '../../domain/search/timetable.ts';
import { articleAdminQuery, articleInput, articleOut, changeArticle, listArticleOverrides, type ArticleLocator } from './articles.ts';
import { requireStaff } from './gate.ts';
import { proxyAs, proxyQuery } from './proxy.ts';
import { listSeoOverrides, saveSeoOverride, seoInput, seoOut, seoQuery } from './seo.ts';
import { adminTripInfo, adminTripInfoQuery } from './tripInfo.ts';
import { warmup } from './warmup.ts';

type Ctx = Pick<APIContext, 'url' | 'params' | 'request' | 'locals'>;

export interface AdminApiDeps {
  db: () => Promise<Db>;
  session: (request: Request) => Promise<ActiveSession | null>;
  index: (db: Db) => Promise<TimetableIndex>;
  rebuildIndex: (db: Db) => Promise<TimetableIndex>;
  bus: () => Promise<Bus>;
  /** Tells every process (this one first) that the page overrides changed. */
  overridesChanged: () => Promise<void>;
  locateArticle: ArticleLocator;
  /** The site's own origin, where `admin/proxy` sends its request. */
  origin: () => string;
  now: () => number;
}

const requestIdOf = (ctx: Ctx): string | null => ctx.locals.requestId ?? null;

export function adminApi(deps: AdminApiDeps) {
  const staffFor = async (ctx: Ctx, action: Parameters<typeof requireStaff>[1]) => requireStaff(await deps.session(ctx.request), action);

  return endpoints({
    async tripInfo(ctx: Ctx): Promise<Response> {
      const staff = await staffFor(ctx, 'admin.tripinfo');
      const { key } = parseInput(adminTripInfoQuery, queryObject(ctx.url), 'invalid_admin_input');
      const db = await deps.db();
      return json(await adminTripInfo(db, staff, await deps.index(db), key, deps.now()), 200, NO_STORE);
    },

    async seoList(ctx: Ctx): Promise<Response> {
      await staffFor(ctx, 'admin.seo');
      const { path } = parseInput(seoQuery, queryObject(ctx.url), 'invalid_admin_input');
      const rows = await listSeoOverrides(await deps.db());
      return json({ overrides: rows.filter((r) => path === undefined || r.path === path).map(seoOut) }, 200, NO_STORE);
    },

    async seoSave(ctx: Ctx): Promise<Response> {
      const staff = await staffFor(ctx, 'admin.seo');
      const input = parseInput(seoInput, await readJson(ctx.request), 'invalid_admin_input');
      const change = await saveSeoOverride(await deps.db(), staff, input, requestIdOf(ctx));
      if (change.result !== 'unchanged') await deps.overridesChanged();
      return json({ result: change.result, override: change.result === 'saved' ? seoOut(change.row) : null }, 200, NO_STORE);
    },

    async warmup(ctx: Ctx): Promise<Response> {
      const staff = await staffFor(ctx, 'admin.warmup');
      const db = await deps.db();
      const answer = await warmup({ db, bus: await deps.bus(), rebuildIndex: deps.rebuildIndex, now: deps.now }, staff, requestIdOf(ctx));
      return json(answer, 200, NO_STORE);
    },

    async articleList(ctx: Ctx): Promise<Response> {
      await staffFor(ctx, 'admin.article');
      const query = parseInput(articleAdminQuery, queryObject(ctx.url), 'invalid_admin_input');
      const rows = await listArticleOverrides(await deps.db());
      const shown = rows.filter(
        (r) =>
          (query.slug === undefined || r.slug === query.slug) && (query.lang === undefined || r.pagePath.startsWith(`/${query.lang}/`)),
      );
      return json({ articles: shown.map(articleOut) }, 200, NO_STORE);
    },

    async articleChange(ctx: Ctx): Promise<Response> {
      const staff = await staffFor(ctx, 'admin.article');
      const input = parseInput(articleInput, await readJson(ctx.request), 'invalid_admin_input');
      const change = await changeArticle(await deps.db(), staff, input, deps.locateArticle, requestIdOf(ctx));
      if (change.result !== 'unchanged') await deps.overridesChanged();
      return json({ result: change.result, article: change.result === 'published' ? articleOut(change.row) : null }, 200, NO_STORE);
    },

    async proxy(ctx: Ctx): Promise<Response> {
      const staff = await staffFor(ctx, 'admin.proxy');
      const query = parseInput(proxyQuery, queryObject(ctx.url), 'invalid_admin_input');
      return json(await proxyAs({ db: await deps.db(), origin: deps.origin() }, staff, query), 200, NO_STORE);
    },
  });
}

export type AdminApi = ReturnType<typeof adminApi>;
