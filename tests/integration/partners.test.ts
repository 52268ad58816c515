/**
 * Issue 25 on PGlite and PostgreSQL: Admin's partners (hosts unique across partners), the
 * in-memory directory every process answers `partnerForHost` from, a booking made on the second
 * partner's host carrying its partner and affiliate id (and a reseller's booking the reseller),
 * and a flag's shares deciding what a *new* visitor gets without a rebuild while an earlier
 * visitor keeps theirs.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignVariants, variantPath } from '../../src/domain/featureFlags.ts';
import { quoteSelections } from '../../src/domain/cart/quote.ts';
import { parseAddToCartSlug } from '../../src/domain/cart/slug.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import { reserveCart } from '../../src/server/booking/reserve.ts';
import { createCart } from '../../src/server/cart/cart.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { balanceTransactions, bookings, carts, fxRates, users } from '../../src/server/db/schema.ts';
import { creditCommission, reverseCommission } from '../../src/server/partners/resellerCommission.ts';
import { loadFlags, reloadFlags, useFlagsDb } from '../../src/server/flags/registry.ts';
import {
  deletePartnerAsAdmin,
  deleteRedirectAsAdmin,
  savePartnerAsAdmin,
  saveRedirectAsAdmin,
  setFlagSharesAsAdmin,
} from '../../src/server/ops/partners.ts';
import { OpForbidden } from '../../src/server/ops/access.ts';
import { reloadRedirects, routeRedirectFor, useRedirectsDb } from '../../src/server/redirects/registry.ts';
import { parseServerEnv } from '../../src/server/config.ts';
import { attributionOf } from '../../src/server/partners/attribution.ts';
import { partnerForm } from '../../src/server/partners/partner.ts';
import { partnerForHost, reloadPartners, siteOriginFor, usePartnerDb } from '../../src/server/partners/registry.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';

const ADMIN = { userId: 1, role: 'admin' as const };

const form = (fields: Record<string, string>) =>
  partnerForm.parse({ theme: 'default', logo: '', translationOverrides: '', trackers: '', ...fields });

describe.each(DATABASES)('partners and flags on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    usePartnerDb(db);
    useFlagsDb(db);
    useRedirectsDb(db);
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    index = await loadIndex(db, NOW);
  });

  afterAll(async () => {
    usePartnerDb(undefined);
    useFlagsDb(undefined);
    useRedirectsDb(undefined);
    await handle.close();
  });

  async function book(attribution: { partnerId: number | null; affiliateId: string | null }, userId: number | null = null) {
    const selections = parseAddToCartSlug(BUS) ?? [];
    const quoted = quoteSelections(index, selections, { currency: 'THB', now: NOW });
    if (typeof quoted === 'string') throw new Error(quoted);
    const hash = await createCart(db, { lang: 'en', currency: 'THB', people: 1, selections, quoted, attribution });
    const reserved = await reserveCart(db, {
      hash,
      index,
      now: NOW,
      holdMinutes: 20,
      ctx: userId === null ? GUEST : { actor: { kind: 'traveller', userId } },
      userId,
      email: 'traveller@example.com',
      passengers: [{ first_name: 'Somchai', last_name: 'Jaidee', document_number: 'P123' }],
      addons: {},
    });
    if (!reserved.ok) throw new Error(reserved.code);
    const [row] = await db.select().from(bookings).where(eq(bookings.id, reserved.booking.id));
    if (!row) throw new Error('booking not found');
    return row;
  }

  it('serves two partners on their own hosts from one directory, and refuses a host another partner holds', async () => {
    const alpha = await savePartnerAsAdmin(
      db,
      ADMIN,
      form({ slug: 'alpha', hosts: 'alpha.localhost\nwww.alpha.example', theme: 'blue', title: 'Alpha Travel', affiliateId: 'alpha-7' }),
    );
    const beta = await savePartnerAsAdmin(
      db,
      ADMIN,
      form({
        slug: 'beta',
        hosts: 'beta.localhost',
        theme: 'green',
        logo: '/logos/beta.svg',
        title: 'Beta Trips',
        affiliateId: 'beta-42',
        hideBackButton: 'on',
        translationOverrides: '{"*":{"search.submit":"Go"}}',
      }),
    );
    expect(alpha.ok && beta.ok).toBe(true);
    await reloadPartners();
    expect((await partnerForHost('alpha.localhost:4560'))?.title).toBe('Alpha Travel');
    expect((await partnerForHost('WWW.Alpha.Example'))?.theme).toBe('blue');
    const b = await partnerForHost('beta.localhost');
    expect(b).toMatchObject({ title: 'Beta Trips', theme: 'green', logo: '/logos/beta.svg', hideBackButton: true, affiliateId: 'beta-42' });
    expect(b?.translationOverrides).toEqual({ '*': { 'search.submit': 'Go' } });
    expect(await partnerForHost('localhost:4560')).toBeNull();

    const clash = await savePartnerAsAdmin(db, ADMIN, form({ slug: 'gamma', hosts: 'beta.localhost', title: 'Gamma', affiliateId: 'g' }));
    expect(clash).toEqual({ ok: false, code: 'host_taken' });
    expect(await savePartnerAsAdmin(db, ADMIN, form({ slug: 'alpha', hosts: 'other.localhost', title: 'A2', affiliateId: 'a2' }))).toEqual({
      ok: false,
      code: 'slug_taken',
    });
  });

  it('refuses a bad form with the failing fields and changes nothing', () => {
    const result = partnerForm.safeParse({
      slug: 'Bad Slug',
      hosts: 'ok.example\nnot a host',
      theme: 'purple',
      logo: 'javascript:alert(1)',
      title: '',
      translationOverrides: '{not json',
      affiliateId: 'x y',
      trackers: '',
    });
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((i) => i.path[0]));
    expect([...fields].sort()).toEqual(['affiliateId', 'hosts', 'logo', 'slug', 'theme', 'title', 'translationOverrides']);
  });

  it('credits a booking made on the second partner host with its affiliate id, from the first visit cookie', async () => {
    const beta = await partnerForHost('beta.localhost');
    // The first visit set affiliate_id; the cart and its booking carry it.
    const attribution = attributionOf({ get: (name) => (name === 'affiliate_id' ? { value: 'beta-42' } : undefined) }, beta ?? undefined);
    const booking = await book(attribution);
    expect(booking.partnerId).toBe(beta?.id);
    expect(booking.affiliateId).toBe('beta-42');
    const [cart] = await db.select().from(carts).where(eq(carts.id, booking.cartId));
    expect(cart).toMatchObject({ partnerId: beta?.id, affiliateId: 'beta-42' });
    // On the main site, nothing is credited.
    const plain = await book(attributionOf({ get: () => undefined }, undefined));
    expect(plain).toMatchObject({ partnerId: null, affiliateId: null, resellerUserId: null });
    // The ticket link in its mail leads back to the partner's host; the main site's to SITE_URL.
    const site = new URL(parseServerEnv().SITE_URL);
    expect(await siteOriginFor(booking.partnerId)).toBe(`${site.protocol}//beta.localhost${site.port ? `:${site.port}` : ''}`);
    expect(await siteOriginFor(plain.partnerId)).toBe(site.origin);
  });

  it('marks a booking a reseller made with the reseller', async () => {
    const [reseller] = await db.insert(users).values({ email: 'agent@example.com', role: 'reseller' }).returning();
    const [traveller] = await db.insert(users).values({ email: 'self@example.com', role: 'user' }).returning();
    if (!reseller || !traveller) throw new Error('users not inserted');
    expect((await book({ partnerId: null, affiliateId: null }, reseller.id)).resellerUserId).toBe(reseller.id);
    expect((await book({ partnerId: null, affiliateId: null }, traveller.id)).resellerUserId).toBeNull();
  });

  it("credits a reseller's commission in their balance currency when paid, once, and takes back the refunded share on cancel", async () => {
    const [reseller] = await db
      .insert(users)
      .values({ email: 'agent-eur@example.com', role: 'reseller', balanceCurrency: 'EUR' })
      .returning();
    const [traveller] = await db.insert(users).values({ email: 'own@example.com', role: 'user' }).returning();
    if (!reseller || !traveller) throw new Error('users not inserted');
    const booking = await book({ partnerId: null, affiliateId: null }, reseller.id);
    await db.insert(fxRates).values({ currency: 'EUR', perUsd: 0.92, minorUnits: 2 }).onConflictDoNothing();
    const fx = new Map((await db.select().from(fxRates)).map((r) => [r.currency, r]));
    const thbPerEur = (fx.get('THB')?.perUsd ?? 0) / (fx.get('EUR')?.perUsd ?? 1);
    const balance = async () => (await db.select().from(users).where(eq(users.id, reseller.id)))[0]?.balanceMinor;

    // 5 % of what was paid, in euros; the same event delivered again moves nothing.
    const paid = { id: 900_001, bookingId: booking.id, paidMinor: booking.totalMinor, currency: booking.currency };
    expect(await creditCommission(db, paid, 500)).toBe(true);
    expect(await creditCommission(db, paid, 500)).toBe(false);
    const credit = Math.round(((booking.totalMinor * 0.05) / 100 / thbPerEur) * 100);
    expect(await balance()).toBe(credit);

    // Half refunded: half of the commission goes back (from the credit itself, whatever FX does meanwhile).
    expect(await reverseCommission(db, { id: 900_002, bookingId: booking.id, refundMinor: Math.round(booking.totalMinor / 2) })).toBe(true);
    expect(await reverseCommission(db, { id: 900_002, bookingId: booking.id, refundMinor: Math.round(booking.totalMinor / 2) })).toBe(
      false,
    );
    expect(await balance()).toBe(credit - Math.round(credit / 2));
    const rows = await db.select().from(balanceTransactions).where(eq(balanceTransactions.userId, reseller.id));
    expect(rows.map((r) => [r.kind, r.currency, r.description])).toEqual([
      ['commission', 'EUR', booking.reference],
      ['commission_reversal', 'EUR', booking.reference],
    ]);

    // A traveller's own booking earns nobody anything.
    const own = await book({ partnerId: null, affiliateId: null }, traveller.id);
    expect(await creditCommission(db, { id: 900_003, bookingId: own.id, paidMinor: own.totalMinor, currency: own.currency }, 500)).toBe(
      false,
    );
  });

  it('keeps the bookings when a partner is deleted, and forgets its hosts', async () => {
    const beta = await partnerForHost('beta.localhost');
    if (!beta) throw new Error('beta missing');
    expect(await deletePartnerAsAdmin(db, ADMIN, beta.id)).toBe(true);
    await reloadPartners();
    expect(await partnerForHost('beta.localhost')).toBeNull();
    const kept = await db.select().from(bookings).where(eq(bookings.affiliateId, 'beta-42'));
    expect(kept.length).toBe(1);
    expect(kept[0]?.partnerId).toBeNull();
  });

  it('switching a flag share changes which results page a new visitor gets, and an earlier visitor keeps theirs', async () => {
    const path = '/en/all/bangkok/phuket';
    const flags0 = await reloadFlags();
    const earlier = assignVariants(flags0, {}).assignments;
    expect(earlier.new_results_page).toBe('classic');
    expect(variantPath(path, '', earlier)).toBeNull();

    await setFlagSharesAsAdmin(db, ADMIN, 'new_results_page', [
      { name: 'classic', share: 0 },
      { name: 'new', share: 100 },
    ]);
    const flags100 = await loadFlags();
    const newcomer = assignVariants(flags100, {}).assignments;
    expect(variantPath(path, '?date=2025-06-04', newcomer)).toBe(`${path}/new?date=2025-06-04`);
    // Sticky: the earlier visitor's cookie still says classic.
    expect(variantPath(path, '', assignVariants(flags100, earlier).assignments)).toBeNull();

    await setFlagSharesAsAdmin(db, ADMIN, 'new_results_page', [
      { name: 'classic', share: 100 },
      { name: 'new', share: 0 },
    ]);
    expect(variantPath(path, '', assignVariants(await loadFlags(), {}).assignments)).toBeNull();
  });

  it("answers Admin's route redirect from memory on the next request, and the address as before once it is deleted", async () => {
    await reloadRedirects();
    expect(routeRedirectFor('/en/old-guide', '')).toBeNull();
    await expect(
      saveRedirectAsAdmin(db, { userId: 2, role: 'manager' }, { fromPath: '/en/old-guide', target: '/en', status: 301 }),
    ).rejects.toBeInstanceOf(OpForbidden);
    await saveRedirectAsAdmin(db, ADMIN, { fromPath: '/en/old-guide', target: '/en/guides', status: 301 });
    await reloadRedirects();
    expect(routeRedirectFor('/en/old-guide/', '?utm_source=mail')).toEqual({ location: '/en/guides?utm_source=mail', status: 301 });
    // Saving the same address again replaces its target: one address, one answer.
    await saveRedirectAsAdmin(db, ADMIN, { fromPath: '/en/old-guide', target: 'https://partner.example.com/', status: 302 });
    await reloadRedirects();
    expect(routeRedirectFor('/en/old-guide', '')).toEqual({ location: 'https://partner.example.com/', status: 302 });
    expect(await deleteRedirectAsAdmin(db, ADMIN, '/en/old-guide')).toBe(true);
    await reloadRedirects();
    expect(routeRedirectFor('/en/old-guide', '')).toBeNull();
    expect(await deleteRedirectAsAdmin(db, ADMIN, '/en/old-guide')).toBe(false);
  });
});
