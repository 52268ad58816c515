/**
 * The admin calls of SPEC §7 (issue 22 item 4) on PGlite and PostgreSQL, through their handlers:
 * who may call each (anonymous 401, a role the table does not allow 403, staff without two-factor
 * 403), and what each answers from the real data — a trip's state and why search shows it or not,
 * per-page search-engine texts (also in trips page data under the experiment), the warm-up across
 * processes (the bus), support articles published without a deploy, and the partner's view of a page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localeBySegment } from '../../src/i18n/locales.ts';
import { ENGLISH, messagesFor } from '../../src/i18n/messages.ts';
import { createTranslator } from '../../src/i18n/translate.ts';
import type { ActiveSession } from '../../src/server/accounts/sessions.ts';
import { adminApi, type AdminApi } from '../../src/server/admin/api.ts';
import { readPageOverrides } from '../../src/server/admin/pageOverrides.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { departureInventory, inventoryVersion, networkAudit, partnerHosts, partners, users } from '../../src/server/db/schema.ts';
import { setDepartureSales } from '../../src/server/ops/sales.ts';
import { createSearchApi } from '../../src/server/search/api.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const ROLES = ['anonymous', 'user', 'reseller', 'support', 'manager', 'admin'] as const;
const locale = localeBySegment('en');
const locals = {
  locale,
  messages: messagesFor(locale.code),
  t: createTranslator(locale.code, messagesFor(locale.code), ENGLISH),
  requestId: 'req-admin',
};
const BUS_KEY = `1.10.20.${TRAVEL_DATE}`;
/** Where the locator says articles live (the content store in the server). */
const ARTICLES: Record<string, string> = { 'double-charge': 'payment-and-refund/double-charge' };

function call(path: string, init: { cookie?: string | undefined; body?: unknown; method?: string } = {}) {
  const url = new URL(`http://localhost/api/nuxt/en/admin/${path}`);
  const headers: Record<string, string> = init.cookie ? { cookie: init.cookie } : {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const request = new Request(url, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  return { url, request, params: { lang: 'en' }, locals } as unknown as Parameters<AdminApi['tripInfo']>[0];
}

/** The local bus delivers on the next turn of the event loop, like the real transports. */
const delivered = () => new Promise((resolve) => setTimeout(resolve, 20));

async function answer(
  response: Promise<Response>,
): Promise<{ status: number; body: Record<string, unknown> & { error?: { code: string } } }> {
  const r = await response;
  return { status: r.status, body: (await r.json()) as Record<string, unknown> & { error?: { code: string } } };
}

describe.each(DATABASES)('admin calls on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let api: AdminApi;
  let upstream: Server;
  let upstreamOrigin = '';
  const sessions = new Map<string, ActiveSession>();
  const bus = createBus(localTransport());
  const announced: string[] = [];
  const cookies: Partial<Record<(typeof ROLES)[number] | 'support-no-2fa', string>> = {};

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 3, boat: 10 });
    await db
      .insert(inventoryVersion)
      .values({ id: 1, version: 5, changedAt: new Date(NOW) })
      .onConflictDoUpdate({
        target: inventoryVersion.id,
        set: { version: 5 },
      });
    for (const role of [...ROLES.filter((r) => r !== 'anonymous'), 'support-no-2fa'] as const) {
      const [user] = await db
        .insert(users)
        .values({
          email: `${role}@example.com`,
          role: role === 'support-no-2fa' ? 'support' : role,
          totpEnabledAt: role === 'support-no-2fa' ? null : new Date(NOW - 86_400_000),
        })
        .returning();
      if (!user) throw new Error('no user');
      const token = role.replace(/-/g, '');
      sessions.set(token, { tokenHash: token, isTemp: false, createdAt: new Date(NOW), user });
      cookies[role] = `session=${token}`;
    }
    await bus.subscribe('inventory_changed', ({ version }) => void announced.push(`inventory_changed:${String(version)}`));
    await bus.subscribe('page_overrides_changed', () => void announced.push('page_overrides_changed'));
    // The site as the proxy reaches it: answers with what it was asked, as a JSON echo.
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(
        JSON.stringify({
          host: req.headers.host,
          client: req.headers['x-client-platform'],
          cookie: req.headers.cookie ?? null,
          url: req.url,
        }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamOrigin = `http://127.0.0.1:${String((upstream.address() as AddressInfo).port)}`;
    api = adminApi({
      db: () => Promise.resolve(db),
      session: (request) => Promise.resolve(sessions.get(/session=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1] ?? '') ?? null),
      index: (d) => loadIndex(d),
      rebuildIndex: (d) => loadIndex(d),
      bus: () => Promise.resolve(bus),
      overridesChanged: () => bus.publish('page_overrides_changed', { at: NOW }),
      locateArticle: (slug) => Promise.resolve(ARTICLES[slug]),
      origin: () => upstreamOrigin,
      now: () => NOW,
    });
  });

  afterAll(async () => {
    await new Promise((resolve) => upstream.close(resolve));
    await handle.close();
  });

  const ALLOWED: Record<string, readonly string[]> = {
    tripinfo: ['support', 'manager', 'admin'],
    proxy: ['support', 'manager', 'admin'],
    warmup: ['manager', 'admin'],
    article: ['manager', 'admin'],
    seo: ['admin'],
  };
  const requests: Record<string, (cookie?: string) => Promise<Response>> = {
    tripinfo: (cookie) => api.tripInfo(call(`tripinfo?key=${BUS_KEY}`, { cookie })),
    proxy: (cookie) => api.proxy(call('proxy?path=/en', { cookie })),
    warmup: (cookie) => api.warmup(call('warmup', { cookie, method: 'POST' })),
    article: (cookie) => api.articleList(call('article', { cookie })),
    seo: (cookie) => api.seoList(call('seo', { cookie })),
  };

  it('refuses a visitor (401), a role the table does not allow (403) and staff without two-factor (403)', async () => {
    for (const [name, request] of Object.entries(requests)) {
      for (const role of ROLES) {
        const { status, body } = await answer(request(cookies[role as keyof typeof cookies]));
        const expected = role === 'anonymous' ? 401 : ALLOWED[name]?.includes(role) ? 200 : 403;
        expect(status, `${role} ${name}`).toBe(expected);
        if (expected === 401) expect(body.error?.code).toBe('not_signed_in');
        if (expected === 403) expect(body.error?.code).toBe('staff_only');
      }
      const { status, body } = await answer(request(cookies['support-no-2fa']));
      expect(status, name).toBe(403);
      expect(body.error?.code, name).toBe(ALLOWED[name]?.includes('support') ? 'two_factor_required' : 'staff_only');
    }
    // A refused caller's input is not even read: a garbled key still gets the 401.
    expect((await answer(api.tripInfo(call('tripinfo?key=%3Cscript%3E')))).status).toBe(401);
  });

  it('tripinfo: a bookable trip, then sales closed, a past departure, a sold-out one and an unknown one', async () => {
    const open = await answer(api.tripInfo(call(`tripinfo?key=${BUS_KEY}`, { cookie: cookies.support })));
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ shown_in_search: true, bookable: true, reasons: [], search_index: { has_trip: true } });
    const leg = (
      open.body.legs as { stops: { name: string; dep_time: string }[]; classes: { seats: { total: number; left: number } }[] }[]
    )[0];
    expect(leg?.stops[0]?.name).toBe('Mo Chit');
    expect(leg?.classes[0]?.seats).toMatchObject({ total: 3, left: 3 });

    const manager = { userId: 1, role: 'manager' as const };
    await setDepartureSales(db, manager, { scheduleId: 1, serviceDate: TRAVEL_DATE, reason: 'storm' }, false, null, bus);
    const closed = await answer(api.tripInfo(call(`tripinfo?key=${BUS_KEY}`, { cookie: cookies.support })));
    expect(closed.body).toMatchObject({ shown_in_search: false, bookable: false, reasons: ['sales_closed'] });
    expect((closed.body.legs as { sales_closure: { reason: string } }[])[0]?.sales_closure.reason).toBe('storm');
    await setDepartureSales(db, manager, { scheduleId: 1, serviceDate: TRAVEL_DATE, reason: null }, true, null, bus);

    const past = await answer(api.tripInfo(call('tripinfo?key=1.10.20.2025-06-01', { cookie: cookies.support })));
    expect(past.body).toMatchObject({ shown_in_search: false, reasons: ['departed'] });

    // Every seat of the 5th sold: listed, not bookable.
    const [option] = await db.select().from(departureInventory).limit(0);
    expect(option).toBeUndefined();
    await db.insert(departureInventory).values({
      scheduleId: 1,
      travelOptionId: 1,
      serviceDate: '2025-06-05',
      departureAt: new Date(Date.UTC(2025, 5, 5, 1)),
      seatsTotal: 3,
      seatsSold: 3,
    });
    const soldOut = await answer(api.tripInfo(call('tripinfo?key=1.10.20.2025-06-05', { cookie: cookies.support })));
    expect(soldOut.body).toMatchObject({ shown_in_search: true, bookable: false, reasons: ['sold_out'] });

    expect((await answer(api.tripInfo(call('tripinfo?key=999.10.20.2025-06-05', { cookie: cookies.support })))).body.error?.code).toBe(
      'unknown_trip',
    );
    const garbled = await answer(api.tripInfo(call('tripinfo?key=1.10.20.2025-13-40', { cookie: cookies.support })));
    expect(garbled.status).toBe(422);
    expect(garbled.body.error?.code).toBe('invalid_admin_input');
  });

  it('seo: Admin saves a page’s texts (audited), page data carries them under the experiment, empty texts remove them', async () => {
    const path = '/en/all/bangkok/chumphon';
    const saved = await answer(
      api.seoSave(
        call('seo', {
          cookie: cookies.admin,
          body: { path, title: 'Bangkok to Chumphon by bus', heading: 'Buses south', description: '' },
        }),
      ),
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ result: 'saved', override: { path, title: 'Bangkok to Chumphon by bus', description: null } });
    await delivered();
    expect(announced).toContain('page_overrides_changed');
    const [audit] = await db
      .select()
      .from(networkAudit)
      .where(and(eq(networkAudit.entity, 'seo'), eq(networkAudit.entityKey, path)));
    expect(audit).toMatchObject({ action: 'save', before: null, requestId: 'req-admin' });

    const search = createSearchApi({ db, now: () => NOW, seoOverride: async (p) => (await readPageOverrides(db)).seo.get(p) });
    const pageData = (experiment: string) => {
      const url = new URL(`http://localhost/api/nuxt/en/trips/page-data?from=bangkok&to=chumphon&seoOverrideExperiment=${experiment}`);
      return answer(search.pageData({ url, request: new Request(url), locals }));
    };
    expect((await pageData('y')).body.seo).toEqual({ title: 'Bangkok to Chumphon by bus', description: null, heading: 'Buses south' });
    expect((await pageData('n')).body.seo).toBeUndefined();

    const bad = await answer(api.seoSave(call('seo', { cookie: cookies.admin, body: { path: 'https://evil.example/', title: 'x' } })));
    expect(bad.status).toBe(422);
    expect(bad.body.error?.code).toBe('invalid_admin_input');

    expect((await answer(api.seoSave(call('seo', { cookie: cookies.admin, body: { path } })))).body.result).toBe('removed');
    expect((await answer(api.seoList(call('seo', { cookie: cookies.admin })))).body.overrides).toEqual([]);
  });

  it('warmup: a new inventory version announced to every process, and this one rebuilt at it', async () => {
    await delivered();
    const before = announced.length;
    const { status, body } = await answer(api.warmup(call('warmup', { cookie: cookies.manager, method: 'POST' })));
    expect(status).toBe(200);
    await delivered();
    const [row] = await db.select().from(inventoryVersion);
    expect(body).toMatchObject({ version: row?.version, index_version: row?.version });
    expect(announced.slice(before)).toEqual([`inventory_changed:${String(row?.version)}`, 'page_overrides_changed']);
    // The newest warm-up (the refusal test's allowed calls warmed up too).
    const [audit] = await db.select().from(networkAudit).where(eq(networkAudit.action, 'warmup')).orderBy(desc(networkAudit.id)).limit(1);
    expect(audit?.after).toEqual({ version: row?.version });
  });

  it('article: publishes an article’s text in one language without a deploy, and unpublishes it', async () => {
    const body = {
      action: 'publish',
      slug: 'double-charge',
      lang: 'de',
      title: 'Doppelt belastet?',
      summary: 'Was zu tun ist.',
      body: 'Erstens.\n\nZweitens <b>',
    };
    const published = await answer(api.articleChange(call('article', { cookie: cookies.manager, body })));
    expect(published.status).toBe(200);
    expect(published.body.article).toMatchObject({
      slug: 'double-charge',
      lang: 'de',
      url: '/de/support/payment-and-refund/double-charge',
    });
    const overrides = await readPageOverrides(db);
    expect(overrides.articlesByPath.get('/de/support/payment-and-refund/double-charge')?.title).toBe('Doppelt belastet?');
    expect(overrides.articlesBySlug.has('double-charge|de')).toBe(true);

    const unknown = await answer(
      api.articleChange(call('article', { cookie: cookies.manager, body: { ...body, slug: 'no-such-article' } })),
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error?.code).toBe('unknown_document');
    const empty = await answer(api.articleChange(call('article', { cookie: cookies.manager, body: { ...body, title: ' ' } })));
    expect(empty.status).toBe(422);

    const list = await answer(api.articleList(call('article?lang=de', { cookie: cookies.admin })));
    expect((list.body.articles as unknown[]).length).toBe(1);
    const gone = await answer(
      api.articleChange(call('article', { cookie: cookies.manager, body: { action: 'unpublish', slug: 'double-charge', lang: 'de' } })),
    );
    expect(gone.body.result).toBe('unpublished');
    expect((await readPageOverrides(db)).articlesByPath.size).toBe(0);
    const history = await db.select().from(networkAudit).where(eq(networkAudit.entity, 'support_article'));
    expect(history.map((h) => h.action)).toEqual(['publish', 'unpublish']);
  });

  it('proxy: the page as a partner’s host or an app gets it, without the caller’s cookies', async () => {
    const [partner] = await db
      .insert(partners)
      .values({ slug: 'island-travel', title: 'Island Travel', affiliateId: 'aff-island' })
      .returning({ id: partners.id });
    await db.insert(partnerHosts).values({ host: 'tickets.island.example', partnerId: partner?.id ?? 0 });
    const asPartner = await answer(
      api.proxy(call('proxy?path=/api/nuxt/en/ping&partner=island-travel&client=ios', { cookie: cookies.support })),
    );
    expect(asPartner.status).toBe(200);
    expect(asPartner.body).toMatchObject({
      status: 200,
      request: { host: 'tickets.island.example', client: 'ios', partner: { slug: 'island-travel' } },
      json: { host: 'tickets.island.example', client: 'ios', cookie: null, url: '/api/nuxt/en/ping' },
    });
    const byHost = await answer(api.proxy(call('proxy?path=/en&host=tickets.island.example', { cookie: cookies.support })));
    expect(byHost.body.json).toMatchObject({ host: 'tickets.island.example', client: 'web' });

    // Only this site's hosts: another machine cannot be reached through it.
    const other = await answer(api.proxy(call('proxy?path=/en&host=169.254.169.254', { cookie: cookies.support })));
    expect(other.status).toBe(422);
    const absolute = await answer(api.proxy(call('proxy?path=//evil.example/x', { cookie: cookies.support })));
    expect(absolute.status).toBe(422);

    const down = adminApi({
      db: () => Promise.resolve(db),
      session: () => Promise.resolve(sessions.get('support') ?? null),
      index: loadIndex,
      rebuildIndex: loadIndex,
      bus: () => Promise.resolve(bus),
      overridesChanged: () => Promise.resolve(),
      locateArticle: () => Promise.resolve(undefined),
      origin: () => 'http://127.0.0.1:9',
      now: () => NOW,
    });
    const refused = await answer(down.proxy(call('proxy?path=/en')));
    expect(refused.status).toBe(503);
    expect(refused.body.error?.code).toBe('proxy_unavailable');
  });
});
