/**
 * The operators area (issue 22) on PGlite and PostgreSQL: the full role × action matrix — every
 * page and every form action of /{lang}/op for anonymous, user, reseller, support, manager and
 * admin, as the decision the pages make and as the refusal of the services behind each action —
 * and what staff do for a traveller, each change a lifecycle transition with the staff member as
 * actor and the reason in the audit.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/domain/accountMenu.ts';
import type { TimetableIndex } from '../../src/domain/search/timetable.ts';
import type { AccountsDeps } from '../../src/server/accounts/deps.ts';
import { FORM_PAGES } from '../../src/server/api/middleware.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookingAudit, bookings, domainEvents, userAudit, users } from '../../src/server/db/schema.ts';
import { loadIndex } from '../../src/server/search/loadIndex.ts';
import { closeCase, replyAsStaff } from '../../src/server/support/cases.ts';
import { decideOpAccess, OP_ACTION_NAMES, OP_ACTIONS, OpForbidden, type OpAction, type StaffMember } from '../../src/server/ops/access.ts';
import {
  bookingFile,
  cancelByPolicy,
  cancelWithGoodwill,
  changePassengersAsStaff,
  findBookings,
  resendTicket,
  toMinorUnits,
} from '../../src/server/ops/bookings.ts';
import { counterPayments, markPaidAsStaff } from '../../src/server/ops/counter.ts';
import { dashboard } from '../../src/server/ops/dashboard.ts';
import { setRoleAsAdmin } from '../../src/server/ops/users.ts';
import { deleteCardBinRangeAsAdmin, saveCardBinRangeAsAdmin } from '../../src/server/ops/cardBins.ts';
import { stationForm, updateStation } from '../../src/server/ops/stations.ts';
import { updateOperator } from '../../src/server/ops/operators.ts';
import { updateFare } from '../../src/server/ops/fares.ts';
import { setDepartureSales } from '../../src/server/ops/sales.ts';
import { removePricingRule, savePricingRule } from '../../src/server/ops/pricingRules.ts';
import { retryRefundAsStaff } from '../../src/server/ops/refunds.ts';
import { saveReseller } from '../../src/server/ops/resellers.ts';
import { saveSetting } from '../../src/server/ops/settings.ts';
import { addSchedule, endSchedule, setDepartureSeats, updateSchedule } from '../../src/server/ops/schedules.ts';
import { createBus } from '../../src/server/bus/bus.ts';
import { localTransport } from '../../src/server/bus/transports.ts';
import {
  deletePartnerAsAdmin,
  deleteRedirectAsAdmin,
  savePartnerAsAdmin,
  saveRedirectAsAdmin,
  setFlagSharesAsAdmin,
} from '../../src/server/ops/partners.ts';
import { partnerForm } from '../../src/server/partners/partner.ts';
import { changeArticle } from '../../src/server/admin/articles.ts';
import { proxyAs } from '../../src/server/admin/proxy.ts';
import { saveSeoOverride } from '../../src/server/admin/seo.ts';
import { adminTripInfo } from '../../src/server/admin/tripInfo.ts';
import { warmup } from '../../src/server/admin/warmup.ts';
import { exportNetworkFeed, storeUpload } from '../../src/server/ops/gtfs.ts';
import { insertCheckoutNetwork, NOW, TRAVEL_DATE } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { counterBooking } from './opsFixtures.ts';

const ROLES: readonly (Role | 'anonymous')[] = ['anonymous', 'user', 'reseller', 'support', 'manager', 'admin'];
const TOTP_ON = new Date(NOW - 86_400_000);
/** The services announce network changes; here nobody listens. */
const quietBus = createBus(localTransport());

/** What each role may do, written out by hand (not derived from OP_ACTIONS, which it checks). */
const EXPECTED: Record<OpAction, readonly Role[]> = {
  'page.home': ['support', 'manager', 'admin'],
  'page.bookings': ['support', 'manager', 'admin'],
  'page.booking': ['support', 'manager', 'admin'],
  'booking.changePassengers': ['support', 'manager', 'admin'],
  'booking.resendTicket': ['support', 'manager', 'admin'],
  'booking.cancel': ['support', 'manager', 'admin'],
  'booking.goodwillRefund': ['support', 'manager', 'admin'],
  'page.cases': ['support', 'manager', 'admin'],
  'page.case': ['support', 'manager', 'admin'],
  'case.reply': ['support', 'manager', 'admin'],
  'case.close': ['support', 'manager', 'admin'],
  'page.counter': ['manager', 'admin'],
  'counter.markPaid': ['manager', 'admin'],
  'page.dashboard': ['manager', 'admin'],
  'page.refunds': ['manager', 'admin'],
  'refunds.retry': ['manager', 'admin'],
  'page.departures': ['manager', 'admin'],
  'departures.closeSales': ['manager', 'admin'],
  'departures.reopenSales': ['manager', 'admin'],
  'page.funnel': ['manager', 'admin'],
  'page.stations': ['manager', 'admin'],
  'stations.save': ['manager', 'admin'],
  'page.operators': ['manager', 'admin'],
  'operators.save': ['manager', 'admin'],
  'page.fares': ['manager', 'admin'],
  'fares.save': ['manager', 'admin'],
  'page.routes': ['manager', 'admin'],
  'schedules.save': ['manager', 'admin'],
  'schedules.add': ['manager', 'admin'],
  'schedules.end': ['manager', 'admin'],
  'departures.setSeats': ['manager', 'admin'],
  'page.pricing': ['manager', 'admin'],
  'pricing.save': ['manager', 'admin'],
  'pricing.delete': ['manager', 'admin'],
  'page.users': ['admin'],
  'users.changeRole': ['admin'],
  'page.resellers': ['admin'],
  'resellers.save': ['admin'],
  'page.settings': ['admin'],
  'settings.save': ['admin'],
  'page.cardBins': ['admin'],
  'cardBins.update': ['admin'],
  'cardBins.delete': ['admin'],
  'page.partners': ['admin'],
  'partners.save': ['admin'],
  'partners.delete': ['admin'],
  'page.flags': ['admin'],
  'flags.change': ['admin'],
  'page.redirects': ['admin'],
  'redirects.save': ['admin'],
  'redirects.delete': ['admin'],
  'page.tripinfo': ['support', 'manager', 'admin'],
  'admin.tripinfo': ['support', 'manager', 'admin'],
  'page.proxy': ['support', 'manager', 'admin'],
  'admin.proxy': ['support', 'manager', 'admin'],
  'admin.warmup': ['manager', 'admin'],
  'page.articles': ['manager', 'admin'],
  'admin.article': ['manager', 'admin'],
  'page.seo': ['admin'],
  'admin.seo': ['admin'],
  'page.gtfs': ['admin'],
  'gtfs.import': ['admin'],
  'gtfs.export': ['admin'],
};

describe('the op pages', () => {
  const folder = new URL('../../src/pages/[lang]/op/', import.meta.url);
  const pages = readdirSync(folder).filter((f) => f.endsWith('.astro'));
  const views = new URL('../../src/server/ops/views/', import.meta.url);
  /** The page and the view model it calls (issue 19: the gate and the POST live there, the page renders). */
  const pageAndViewSource = (page: string) => {
    const source = readFileSync(new URL(page, folder), 'utf8');
    const called = [...source.matchAll(/from '\.\.\/\.\.\/\.\.\/server\/ops\/views\/([A-Za-z]+\.ts)'/g)].map((m) => m[1] ?? '');
    return [source, ...called.map((file) => readFileSync(new URL(file, views), 'utf8'))].join('\n');
  };

  it('each check a page action of the matrix, and each POST checks an action of it', () => {
    expect(pages.sort()).toEqual([
      'articles.astro',
      'booking.astro',
      'bookings.astro',
      'card-bins.astro',
      'case.astro',
      'cases.astro',
      'chat.astro',
      'chats.astro',
      'counter.astro',
      'dashboard.astro',
      'departures.astro',
      'fares.astro',
      'flags.astro',
      'funnel.astro',
      'gtfs.astro',
      'index.astro',
      'operators.astro',
      'partners.astro',
      'pricing.astro',
      'proxy.astro',
      'redirects.astro',
      'refunds.astro',
      'resellers.astro',
      'routes.astro',
      'seo.astro',
      'settings.astro',
      'stations.astro',
      'tripinfo.astro',
      'users.astro',
    ]);
    for (const page of pages) {
      const source = pageAndViewSource(page);
      // A page checks its action through opGate or readOpPost (page.ts), which calls opGate first —
      // in its view model (src/server/ops/views/); the network edit pages name theirs in a spec.
      const checked = [
        ...source.matchAll(/(?:opGate\((?:astro\.locals\.)?session|readOpPost\([aA]stro\.request, session), '([a-zA-Z.]+)'/g),
        ...source.matchAll(/^ {4}(?:gate|action): '([a-zA-Z.]+)',$/gm),
      ].map((m) => m[1]);
      expect(checked.length, page).toBeGreaterThan(0);
      expect(
        checked.some((a) => a?.startsWith('page.')),
        page,
      ).toBe(true);
      for (const action of checked) expect(OP_ACTION_NAMES, page).toContain(action);
      if (/[aA]stro\.request\.method === 'POST'/.test(source)) {
        expect(checked.some((a) => !a?.startsWith('page.')) || source.includes('opGate(session, ACTIONS['), page).toBe(true);
        // The request guard answers 405 to a POST on a page it does not list.
        expect(FORM_PAGES.has(`/[lang]/op/${page.replace(/\.astro$/, '')}`), `${page} takes form posts`).toBe(true);
      }
    }
  });
});

describe('the role × action matrix', () => {
  it.each(ROLES)('%s', (role) => {
    for (const action of OP_ACTION_NAMES) {
      const user = role === 'anonymous' ? null : { id: 1, role, isTemp: false, totpEnabledAt: TOTP_ON };
      const decision = decideOpAccess(user, action);
      const expected = role === 'anonymous' ? 'login' : EXPECTED[action].includes(role) ? 'allowed' : 'forbidden';
      expect(decision.kind, `${role} ${action}`).toBe(expected);
    }
  });

  it('covers every action in the table', () => {
    expect(Object.keys(OP_ACTIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('sends a ticket-link session to login and keeps staff without two-factor out of every page and action', () => {
    for (const action of OP_ACTION_NAMES) {
      expect(decideOpAccess({ id: 1, role: 'admin', isTemp: true, totpEnabledAt: TOTP_ON }, action).kind).toBe('login');
      expect(decideOpAccess({ id: 1, role: 'admin', isTemp: false, totpEnabledAt: null }, action).kind).toBe('needs_two_factor');
      // A wrong role hears 403 before anything about two-factor.
      expect(decideOpAccess({ id: 1, role: 'user', isTemp: false, totpEnabledAt: null }, action).kind).toBe('forbidden');
    }
  });
});

describe('goodwill amounts', () => {
  it('are read in the currency’s minor units and refused with too many decimals', () => {
    expect(toMinorUnits('12.50', 'EUR')).toBe(1250);
    expect(toMinorUnits('12,5', 'EUR')).toBe(1250);
    expect(toMinorUnits('7', 'THB')).toBe(700);
    expect(toMinorUnits('1.234', 'EUR')).toBeUndefined();
    // Not an amount at all: refused, never NaN.
    for (const text of ['abc', '', '12.', '-5', '1e3', '12.50.1']) expect(toMinorUnits(text, 'EUR')).toBeUndefined();
  });
});

describe.each(DATABASES)('operators area on $name', ({ name, open }) => {
  let handle: DbHandle;
  let db: Db;
  let index: TimetableIndex;
  const member = (role: Role, userId = 900): StaffMember => ({ userId, role });

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 4 });
    index = await loadIndex(db, NOW);
  });

  afterAll(async () => {
    await handle.close();
  });

  /** A booking paid at the counter or, with `pay`, confirmed at once; returns its id and counter reference. */
  async function booking(email: string, options: { pay: boolean; phone?: string; lastName?: string }) {
    const made = await counterBooking(db, index, { ...options, email, eventId: `evt_ops_${name}_${email}` });
    return { id: made.id, reference: made.reference, providerRef: made.payment.providerRef };
  }

  it('refuses every action in the service itself for a role the matrix does not allow', async () => {
    const b = await booking(`matrix-${name}@example.com`, { pay: true });
    const now = new Date(NOW + 60_000);
    const deps = { db } as unknown as AccountsDeps;
    const supportDeps = { db, mailer: { send: () => Promise.resolve() }, now: () => now, siteUrl: 'http://localhost' };
    const calls: Record<Exclude<OpAction, `page.${string}`>, (staff: StaffMember) => Promise<unknown>> = {
      'booking.changePassengers': (s) =>
        changePassengersAsStaff(db, s, b.id, { reason: 'typo', passengers: [{ first_name: 'A', last_name: 'B' }] }, now, null),
      'booking.resendTicket': (s) => resendTicket(db, s, b.id, 'lost', now, null),
      'booking.cancel': (s) => cancelByPolicy(db, s, b.id, 'asked', now, null),
      'booking.goodwillRefund': (s) => cancelWithGoodwill(db, s, b.id, { reason: 'sorry', amountMinor: 1 }, now, null),
      'counter.markPaid': (s) => markPaidAsStaff(db, s, b.providerRef, NOW, null),
      'departures.closeSales': (s) =>
        setDepartureSales(db, s, { scheduleId: 1, serviceDate: TRAVEL_DATE, reason: null }, false, null, quietBus),
      'departures.reopenSales': (s) =>
        setDepartureSales(db, s, { scheduleId: 1, serviceDate: TRAVEL_DATE, reason: null }, true, null, quietBus),
      'stations.save': (s) =>
        updateStation(
          db,
          s,
          10,
          stationForm.parse({ kind: 'pier', lat: '1', lon: '1', timeZone: 'UTC', name_en: 'Refused' }),
          null,
          quietBus,
        ),
      'operators.save': (s) =>
        updateOperator(db, s, { id: 1, name: 'Refused', logo: '', confirmation: 'manual', lateRefundPct: 0 }, null, quietBus),
      'fares.save': (s) =>
        updateFare(db, s, { id: 1, priceMinor: 1, currency: 'THB', bookingCutoffMin: 0, fullRefundHours: null }, null, quietBus),
      'schedules.save': (s) =>
        updateSchedule(
          db,
          s,
          { id: 1, departureTime: 60, weekdays: 1, validFrom: '2025-01-01', validTo: '2025-01-02', reason: null },
          now,
          null,
          quietBus,
        ),
      'schedules.add': (s) =>
        addSchedule(
          db,
          s,
          { routeId: 1, departureTime: 60, weekdays: 1, validFrom: '2025-01-01', validTo: '2025-01-02', reason: null },
          null,
          quietBus,
        ),
      'schedules.end': (s) => endSchedule(db, s, { id: 1, endDate: TRAVEL_DATE, reason: null }, now, null, quietBus),
      'departures.setSeats': (s) =>
        setDepartureSeats(db, s, { id: 1, travelOptionId: 1, serviceDate: TRAVEL_DATE, seats: 1, reason: null }, null, quietBus),
      'pricing.save': (s) =>
        savePricingRule(
          db,
          s,
          {
            id: null,
            kind: 'early_booking',
            operatorId: null,
            vehicleClass: null,
            minDaysAhead: 0,
            discountPct: 5,
            validFrom: null,
            validTo: null,
          },
          null,
          quietBus,
        ),
      'pricing.delete': (s) => removePricingRule(db, s, 1, null, quietBus),
      'refunds.retry': (s) => retryRefundAsStaff(db, s, 1, null),
      'settings.save': (s) => saveSetting(db, s, { key: 'holdMinutes', value: 30, reason: 'refused' }, null, () => Promise.resolve()),
      'resellers.save': (s) => saveReseller(db, s, { userId: 1, operatorId: null, commission: null, reason: 'refused' }, null),
      'users.changeRole': (s) => setRoleAsAdmin(deps, s, { email: 'nobody@example.com', role: 'user', reason: 'test' }, null),
      'cardBins.update': (s) =>
        saveCardBinRangeAsAdmin(
          db,
          s,
          { prefix: '999999', scheme: 'visa', issuerCountry: 'DE', cardType: 'debit', paygate: 'yuno', feeBasisPoints: 120 },
          null,
        ),
      'cardBins.delete': (s) => deleteCardBinRangeAsAdmin(db, s, '999999', null),
      // Support cases (src/server/support/cases.ts): refused before the case is even looked up.
      'case.reply': (s) => replyAsStaff(supportDeps, s, 1, 'A reply that must not be written.'),
      'case.close': (s) => closeCase(supportDeps, s, 1),
      'partners.save': (s) =>
        savePartnerAsAdmin(
          db,
          s,
          partnerForm.parse({
            slug: 'x',
            hosts: 'x.example',
            theme: 'blue',
            logo: '',
            title: 'X',
            translationOverrides: '',
            affiliateId: 'x',
            trackers: '',
          }),
        ),
      'partners.delete': (s) => deletePartnerAsAdmin(db, s, 1),
      'flags.change': (s) =>
        setFlagSharesAsAdmin(db, s, 'new_results_page', [
          { name: 'classic', share: 0 },
          { name: 'new', share: 100 },
        ]),
      'redirects.save': (s) => saveRedirectAsAdmin(db, s, { fromPath: '/en/never-written', target: '/en', status: 302 }),
      'redirects.delete': (s) => deleteRedirectAsAdmin(db, s, '/en/never-written'),
      // The admin calls (src/server/admin/): refused before anything is read or sent.
      'admin.tripinfo': async (s) => adminTripInfo(db, s, await loadIndex(db), `1.10.20.${TRAVEL_DATE}`, NOW),
      'admin.proxy': (s) => proxyAs({ db, origin: 'http://127.0.0.1:9' }, s, { path: '/en', client: 'web' }),
      'admin.warmup': (s) => warmup({ db, bus: quietBus, rebuildIndex: loadIndex, now: () => NOW }, s, null),
      'admin.article': (s) =>
        changeArticle(db, s, { action: 'unpublish', slug: 'never-written', lang: 'en' }, () => Promise.resolve('never-written'), null),
      'admin.seo': (s) => saveSeoOverride(db, s, { path: '/en/never-written', title: 'x', description: null, heading: null }, null),
      'gtfs.import': (s) => storeUpload(db, s, 'never.zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04])),
      'gtfs.export': (s) => exportNetworkFeed(db, s, 'http://localhost'),
    };
    const before = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id));
    for (const [action, call] of Object.entries(calls)) {
      for (const role of ['user', 'reseller', 'support', 'manager', 'admin'] as const) {
        if (EXPECTED[action as OpAction].includes(role)) continue;
        await expect(call(member(role)), `${role} ${action}`).rejects.toBeInstanceOf(OpForbidden);
      }
    }
    // Nothing changed.
    expect(await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id))).toEqual(before);
  });

  it('finds a booking by reference, e-mail, passenger name and phone', async () => {
    const b = await booking(`Find-${name}@Example.com`, { pay: true, phone: '+66 81 234 5678', lastName: `Wongsakul${name}` });
    const ids = async (q: string) => (await findBookings(db, q)).map((h) => h.id);
    expect(await ids(b.reference.toLowerCase())).toContain(b.id);
    expect(await ids(`find-${name}@example.com`)).toContain(b.id);
    expect(await ids(`wongsakul${name}`)).toContain(b.id);
    expect(await ids('081 234 5678'.replace(/^0/, '66'))).toContain(b.id);
    expect(await ids('2345678')).toContain(b.id);
    expect(await ids('%')).not.toContain(b.id);
    expect(await ids('Nobody-at-all')).toEqual([]);
  });

  it('changes the passengers before the cut-off, audited with the staff member and reason, and refuses after it', async () => {
    const b = await booking(`change-${name}@example.com`, { pay: true });
    const file = await bookingFile(db, b.id);
    const closeAt = file?.changesCloseAt;
    if (!closeAt) throw new Error('no legs');
    const input = { reason: 'name misspelt at booking', passengers: [{ first_name: 'Somchai', last_name: 'Jaidi' }] };

    const late = await changePassengersAsStaff(db, member('support', 41), b.id, input, new Date(closeAt.getTime() + 1), 'req-late');
    expect(late).toEqual({ ok: false, code: 'after_cutoff' });
    const wrongCount = await changePassengersAsStaff(db, member('support', 41), b.id, { ...input, passengers: [] }, new Date(NOW), null);
    expect(wrongCount).toEqual({ ok: false, code: 'passenger_count' });

    expect(await changePassengersAsStaff(db, member('support', 41), b.id, input, new Date(NOW + 60_000), 'req-1')).toEqual({ ok: true });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, b.id));
    // Documents stay as they were; only the names change.
    expect(row?.passengers).toEqual([{ first_name: 'Somchai', last_name: 'Jaidi', document_number: 'P123' }]);
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id)).orderBy(bookingAudit.id);
    expect(audit.filter((a) => a.transition === 'change_passengers')).toHaveLength(1);
    expect(audit.at(-1)).toMatchObject({
      transition: 'change_passengers',
      actorKind: 'staff',
      actorId: '41',
      reason: 'name misspelt at booking',
      requestId: 'req-1',
    });
  });

  it('re-issues the ticket with a ticket.reissued event, audited', async () => {
    const b = await booking(`resend-${name}@example.com`, { pay: true });
    expect(await resendTicket(db, member('support', 42), b.id, 'mail never arrived', new Date(NOW + 60_000), 'req-2')).toEqual({
      ok: true,
    });
    const events = await db.select().from(domainEvents).where(eq(domainEvents.bookingId, b.id));
    expect(events.map((e) => e.kind)).toContain('ticket.reissued');
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id)).orderBy(bookingAudit.id);
    expect(audit.at(-1)).toMatchObject({ transition: 'reissue_ticket', actorKind: 'staff', actorId: '42', reason: 'mail never arrived' });
    // A booking that is not paid has no ticket to re-issue.
    const unpaid = await booking(`resend-unpaid-${name}@example.com`, { pay: false });
    expect(await resendTicket(db, member('support', 42), unpaid.id, 'x y z', new Date(NOW + 60_000), null)).toEqual({
      ok: false,
      code: 'not_allowed',
    });
  });

  it('cancels with a goodwill amount capped at what was paid, the amount and reason in the audit', async () => {
    const b = await booking(`goodwill-${name}@example.com`, { pay: true });
    const [before] = await db.select().from(bookings).where(eq(bookings.id, b.id));
    const total = before?.totalMinor ?? 0;
    const result = await cancelWithGoodwill(
      db,
      member('manager', 43),
      b.id,
      { reason: 'bus broke down', amountMinor: total + 50_000 },
      new Date(NOW + 60_000),
      'req-3',
    );
    expect(result).toEqual({ ok: true });
    const [after] = await db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(after).toMatchObject({ status: 'refunded', refundMinor: total });
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id)).orderBy(bookingAudit.id);
    expect(audit.at(-1)).toMatchObject({
      transition: 'cancel',
      actorKind: 'staff',
      actorId: '43',
      reason: 'bus broke down',
      amountMinor: total,
    });
    // Twice is refused, nothing more is refunded.
    expect(
      await cancelWithGoodwill(db, member('manager', 43), b.id, { reason: 'again', amountMinor: 1 }, new Date(NOW + 70_000), null),
    ).toEqual({
      ok: false,
      code: 'not_allowed',
    });
  });

  it('cancels by the fare rules with staff as actor', async () => {
    const b = await booking(`policy-${name}@example.com`, { pay: true });
    expect(await cancelByPolicy(db, member('support', 44), b.id, 'traveller asked by phone', new Date(NOW + 60_000), null)).toEqual({
      ok: true,
    });
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id)).orderBy(bookingAudit.id);
    expect(audit.at(-1)).toMatchObject({ transition: 'cancel', actorKind: 'staff', actorId: '44', reason: 'traveller asked by phone' });
  });

  it('lists counter payments awaiting and marks one paid as the manager, once', async () => {
    const b = await booking(`counter-${name}@example.com`, { pay: false });
    const lists = await counterPayments(db, NOW + 60_000);
    expect(lists.awaiting.map((r) => r.providerRef)).toContain(b.providerRef);
    const outcome = await markPaidAsStaff(db, member('manager', 45), b.providerRef, NOW + 60_000, 'req-4');
    expect(outcome).toMatchObject({ result: 'confirmed', bookingId: b.id });
    const [row] = await db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(row?.status).toBe('confirmed');
    const audit = await db.select().from(bookingAudit).where(eq(bookingAudit.bookingId, b.id)).orderBy(bookingAudit.id);
    expect(audit.at(-1)).toMatchObject({ transition: 'mark_counter_paid', actorKind: 'staff', actorId: '45', requestId: 'req-4' });
    const events = await db.select().from(domainEvents).where(eq(domainEvents.bookingId, b.id));
    expect(events.map((e) => e.kind)).toContain('booking.paid');
    expect((await counterPayments(db, NOW + 60_000)).awaiting.map((r) => r.providerRef)).not.toContain(b.providerRef);
    // Past its validity a counter payment is listed as expired and cannot be marked paid.
    const late = await booking(`counter-late-${name}@example.com`, { pay: false });
    const farLater = NOW + 30 * 86_400_000;
    expect((await counterPayments(db, farLater)).expired.map((r) => r.providerRef)).toContain(late.providerRef);
    expect(await markPaidAsStaff(db, member('admin', 46), late.providerRef, farLater, null)).toEqual({ result: 'expired' });
  });

  it('counts the day on the dashboard: bookings made, revenue of paid ones per currency, live holds', async () => {
    await booking(`held-${name}@example.com`, { pay: false });
    const all = await db.select().from(bookings);
    // Every booking of this file was made at NOW (the holds are stamped with the clock given).
    const day = await dashboard(db, new Date(NOW + 60_000));
    expect(day.bookingsToday).toBe(all.length);
    const paid = all.filter((b) => ['paid', 'pending_confirmation', 'confirmed'].includes(b.status));
    expect(paid.length).toBeGreaterThan(0);
    expect(day.revenue).toEqual([{ currency: 'THB', minor: paid.reduce((s, b) => s + b.totalMinor, 0) }]);
    expect(day.liveHolds).toBeGreaterThan(0);
    expect((await dashboard(db, new Date(NOW + 2 * 86_400_000))).bookingsToday).toBe(0);
  });

  it('lets an admin change another account’s role, audited with the admin and reason, but not their own', async () => {
    const [admin] = await db
      .insert(users)
      .values({ email: `admin-${name}@example.com`, name: 'Ada', role: 'admin' })
      .returning();
    const [agent] = await db
      .insert(users)
      .values({ email: `agent-${name}@example.com`, name: 'Sam' })
      .returning();
    if (!admin || !agent) throw new Error('no users');
    const deps = { db } as unknown as AccountsDeps;
    const staff = member('admin', admin.id);
    expect(
      await setRoleAsAdmin(deps, staff, { email: `agent-${name}@example.com`, role: 'support', reason: 'new support agent' }, 'req-5'),
    ).toEqual({ ok: true });
    const [changed] = await db.select().from(users).where(eq(users.id, agent.id));
    expect(changed).toMatchObject({ role: 'support', isStaff: true });
    const [audit] = await db.select().from(userAudit).where(eq(userAudit.userId, agent.id));
    expect(audit).toMatchObject({
      action: 'change_role',
      fromValue: 'user',
      toValue: 'support',
      actorKind: 'staff',
      actorId: String(admin.id),
      reason: 'new support agent',
    });
    expect(await setRoleAsAdmin(deps, staff, { email: `admin-${name}@example.com`, role: 'user', reason: 'oops' }, null)).toEqual({
      ok: false,
      code: 'own_role',
    });
    expect(await setRoleAsAdmin(deps, staff, { email: `nobody-${name}@example.com`, role: 'user', reason: 'oops' }, null)).toEqual({
      ok: false,
      code: 'user_not_found',
    });
  });
});
