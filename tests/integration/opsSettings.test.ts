/**
 * Site settings changed at run time (issue 22, /{lang}/op/settings) on PGlite and PostgreSQL: an
 * admin lengthens the seat hold and the counter payment's validity; the traveller's next
 * reservation is held that much longer (the checkout API's answer) and the next counter reference
 * expires that much later, without a restart; clearing a value goes back to the configured
 * default; each change is audited before → after; values out of bounds and a manager are refused;
 * a process that missed the bus message follows once its copy is 30 seconds old.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCart } from '../../src/server/cart/addToCart.ts';
import { createCheckoutApi } from '../../src/server/checkout/api.ts';
import type { Db, DbHandle } from '../../src/server/db/client.ts';
import { bookings, payments, siteSettings, users } from '../../src/server/db/schema.ts';
import { OpForbidden, type StaffMember } from '../../src/server/ops/access.ts';
import { networkHistory } from '../../src/server/ops/networkAudit.ts';
import { SETTING_ENTITY, saveSetting, settingForm, settingsView } from '../../src/server/ops/settings.ts';
import { placeOrder } from '../../src/server/payment/place.ts';
import { refreshSearchIndex } from '../../src/server/search/cache.ts';
import { forgetSettings, siteSetting } from '../../src/server/settings/settings.ts';
import { GUEST } from '../support/actors.ts';
import { BUS, insertCheckoutNetwork, NOW } from './checkoutNetwork.ts';
import { DATABASES } from './databases.ts';
import { TRAVELLER_SESSION, travellerApiContext } from './travellerRequests.ts';

const MINUTE = 60_000;
const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
const form = {
  email: 'anna.berg@example.com',
  phone: '+66 81 234 5678',
  passengers: [{ full_name: 'Anna Berg', nationality: 'SE', document_number: 'X1234567' }],
  addons: { insurance: null, luggage: [], pickup: null },
};

describe.each(DATABASES)('site settings on $name', ({ open }) => {
  let handle: DbHandle;
  let db: Db;
  let admin: StaffMember;
  // This process's own copy is dropped, as the bus message would do.
  const announce = (d: Db) => {
    forgetSettings(d);
    return Promise.resolve();
  };

  beforeAll(async () => {
    handle = await open();
    db = handle.db;
    await insertCheckoutNetwork(db, { bus: 40, boat: 40 });
    await refreshSearchIndex(db);
    const [row] = await db.insert(users).values({ email: 'admin-settings@example.com', role: 'admin' }).returning({ id: users.id });
    if (!row) throw new Error('no admin');
    admin = { userId: row.id, role: 'admin' };
  });

  afterAll(async () => {
    await handle.close();
  });

  /** The traveller reserves one seat through the checkout API (no hold length given: the site's). */
  async function reserveOne(): Promise<{ holdMinutes: number; bookingId: number }> {
    const added = await addToCart(db, await refreshSearchIndex(db), {
      slug: BUS,
      lang: 'en',
      currency: 'THB',
      people: 1,
      now: NOW,
      sessionKey: TRAVELLER_SESSION,
    });
    if (!added.ok) throw new Error(added.code);
    const api = createCheckoutApi({ db, now: () => NOW });
    const answer = await api.reserve(travellerApiContext('/x', post({ form }), { hash: added.hash }));
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as { booking: { reference: string; hold_expires_at: string } };
    const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, body.booking.reference));
    if (!booking) throw new Error('no booking');
    return { holdMinutes: (Date.parse(body.booking.hold_expires_at) - NOW) / MINUTE, bookingId: booking.id };
  }

  it('holds the next reservation as long as the admin set, and expires the next counter reference as set, without a restart', async () => {
    expect((await reserveOne()).holdMinutes).toBe(20); // the configured default
    const longer = settingForm.parse({ key: 'holdMinutes', value: '45', reason: 'slow connections at the kiosks' });
    expect(await saveSetting(db, admin, longer, 'req-set-1', announce)).toEqual({ changed: true });
    expect(await saveSetting(db, admin, longer, 'req-set-2', announce)).toEqual({ changed: false });
    const held = await reserveOne();
    expect(held.holdMinutes).toBe(45);

    await saveSetting(
      db,
      admin,
      settingForm.parse({ key: 'counterPaymentHours', value: '48', reason: 'weekend counters closed' }),
      null,
      announce,
    );
    const placed = await placeOrder(db, {
      bookingId: held.bookingId,
      paygate: 'counter',
      origin: 'http://shop.test',
      now: NOW,
      ctx: GUEST,
    });
    if (!placed.ok) throw new Error(placed.code);
    const [payment] = await db.select().from(payments).where(eq(payments.id, placed.paymentId));
    expect(payment?.expiresAt?.getTime()).toBe(NOW + 48 * 60 * MINUTE);

    const view = await settingsView(db);
    expect(view.find((s) => s.key === 'holdMinutes')).toMatchObject({ value: 45, fallback: 20, overridden: true, min: 5, max: 120 });
    // Cleared: back to the configured default, audited as a reset.
    await saveSetting(db, admin, settingForm.parse({ key: 'holdMinutes', value: '', reason: 'kiosks fixed' }), 'req-set-3', announce);
    expect((await reserveOne()).holdMinutes).toBe(20);
    const history = await networkHistory(db, SETTING_ENTITY, 'holdMinutes');
    expect(history.map((h) => [h.action, h.before, h.after, h.actorEmail, h.requestId, h.reason])).toEqual([
      ['reset', { value: 45 }, { value: null }, 'admin-settings@example.com', 'req-set-3', 'kiosks fixed'],
      ['update', { value: null }, { value: 45 }, 'admin-settings@example.com', 'req-set-1', 'slow connections at the kiosks'],
    ]);
  });

  it('refuses values out of bounds and a manager, and changes nothing', async () => {
    for (const value of ['4', '121', '1.5', 'soon'])
      expect(settingForm.safeParse({ key: 'holdMinutes', value, reason: 'checking' }).success, value).toBe(false);
    expect(settingForm.safeParse({ key: 'supportEmail', value: '5', reason: 'checking' }).success).toBe(false);
    const valid = settingForm.parse({ key: 'holdMinutes', value: '30', reason: 'checking' });
    await expect(saveSetting(db, { userId: admin.userId, role: 'manager' }, valid, null, announce)).rejects.toThrow(OpForbidden);
    expect(await db.select().from(siteSettings).where(eq(siteSettings.key, 'holdMinutes'))).toEqual([]);
  });

  it('follows a change it was not told about once its copy is 30 seconds old', async () => {
    const now = Date.now();
    expect(await siteSetting(db, 'counterPaymentHours', now)).toBe(48);
    // Another process changed it and its message was lost.
    await db.update(siteSettings).set({ value: 72 }).where(eq(siteSettings.key, 'counterPaymentHours'));
    expect(await siteSetting(db, 'counterPaymentHours', now + 10_000)).toBe(48);
    expect(await siteSetting(db, 'counterPaymentHours', now + 31_000)).toBe(72);
  });
});
