/**
 * Accounts end to end through the API handlers, on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL: sign-up with verification, password sign-in, no enumeration, lockout, email links,
 * reset, logout, session rotation, profile and cross-user access, account deletion, bookings.
 */
import { staff } from '../support/actors.ts';
import { eq } from 'drizzle-orm';
import { userAudit } from '../../src/server/db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../src/server/db/client.ts';
import { issueToken } from '../../src/server/accounts/oneTimeTokens.ts';
import { changeRole } from '../../src/server/accounts/roles.ts';
import {
  bookings,
  cartItems,
  cartLegs,
  carts,
  countries,
  operators,
  places,
  provinces,
  routes,
  schedules,
  sessions,
  stations,
  travelOptions,
  users,
} from '../../src/server/db/schema.ts';
import { createHarness, linkToken, signUp, type Harness } from './accountsHarness.ts';
import { DATABASES } from './databases.ts';

describe.each(DATABASES)('accounts on $name', (database) => {
  let handle: DbHandle;
  let h: Harness;

  beforeAll(async () => {
    handle = await database.open();
    h = await createHarness(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  describe('sign-up and verification', () => {
    it('mails a verification link; the account exists only once the link is opened', async () => {
      const b = h.browser();
      const res = await b.call((a) => a.register, 'POST', { email: 'Anna@Example.com', password: 'correct horse battery', name: 'Anna' });
      expect(res).toMatchObject({ status: 200, body: { sent: true } });
      expect(h.mails.at(-1)).toMatchObject({ to: 'anna@example.com', subject: 'Confirm your email for Roamly' });
      expect(await handle.db.select().from(users).where(eq(users.email, 'anna@example.com'))).toHaveLength(0);

      const verified = await b.call((a) => a.otpt, 'POST', { token: linkToken(h.mails, 'anna@example.com') });
      expect(verified.status).toBe(200);
      expect(verified.body.user).toMatchObject({ role: 'user', isTemp: false, isStaff: false, email: 'anna@example.com', name: 'Anna' });
      const session = verified.setCookies.find((c) => c.startsWith('session='));
      expect(session).toMatch(/HttpOnly/);
      expect(session).toMatch(/SameSite=Lax/);
      for (const name of ['user_id', 'role', 'is_staff', 'is_admin', 'is_temp', 'balance', 'balance_fxcode']) {
        const cookie = verified.setCookies.find((c) => c.startsWith(`${name}=`));
        expect(cookie, name).toBeDefined();
        expect(cookie).not.toMatch(/HttpOnly/);
      }
      const data = await b.call((a) => a.userData, 'GET');
      expect(data.body).toMatchObject({ user: { email: 'anna@example.com' }, fxcode: 'USD', searchForm: { from: null, to: null } });
    });

    it('answers a sign-up for a known email exactly like a new one, and mails the owner a sign-in link instead', async () => {
      const b = h.browser();
      const before = h.mails.length;
      const res = await b.call((a) => a.register, 'POST', { email: 'anna@example.com', password: 'another password 1' });
      expect(res).toMatchObject({ status: 200, body: { sent: true } });
      expect(h.mails).toHaveLength(before + 1);
      expect(h.mails.at(-1)?.subject).toBe('Your Roamly sign-in link');
    });

    it('refuses a password shorter than 8 or longer than 128 characters with field errors', async () => {
      const b = h.browser();
      const short = await b.call((a) => a.register, 'POST', { email: 'short@example.com', password: '1234567' });
      expect(short.status).toBe(400);
      expect(short.body.error).toMatchObject({ code: 'invalid_registration', fields: { password: ['password-too-short'] } });
      const long = await b.call((a) => a.register, 'POST', { email: 'long@example.com', password: 'x'.repeat(129) });
      expect(long.status).toBe(400);
    });
  });

  describe('password sign-in', () => {
    it('signs in with the right password and gives 401 with the same message for a wrong password or unknown email', async () => {
      await signUp(h, h.browser(), 'ben@example.com', 'ben password 123');
      const ok = await h.browser().call((a) => a.login, 'POST', { email: 'BEN@example.com', password: 'ben password 123' });
      expect(ok.status).toBe(200);
      expect(ok.body.user).toMatchObject({ email: 'ben@example.com' });

      const wrong = await h.browser().call((a) => a.login, 'POST', { email: 'ben@example.com', password: 'wrong password' });
      const unknown = await h.browser().call((a) => a.login, 'POST', { email: 'nobody@example.com', password: 'wrong password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.body).toEqual(unknown.body);
      expect(wrong.body).toEqual({ error: { code: 'invalid_credentials', message: 'The email or password is not correct.' } });
    });

    it('answers 429 to the address that sent five wrong passwords, lets the owner in from elsewhere, and that address after the window', async () => {
      await signUp(h, h.browser(), 'carla@example.com', 'carla password 1');
      const attacker = h.browser('198.51.100.1');
      for (let i = 0; i < 5; i++) {
        expect((await attacker.call((a) => a.login, 'POST', { email: 'carla@example.com', password: `guess ${i}` })).status).toBe(401);
      }
      const blocked = await attacker.call((a) => a.login, 'POST', { email: 'carla@example.com', password: 'carla password 1' });
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toMatchObject({ code: 'too_many_attempts' });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      // Five wrong passwords from one address do not lock the owner out everywhere.
      const owner = await h
        .browser('192.0.2.50')
        .call((a) => a.login, 'POST', { email: 'carla@example.com', password: 'carla password 1' });
      expect(owner.status).toBe(200);

      h.clock.now += 16 * 60_000;
      const later = await attacker.call((a) => a.login, 'POST', { email: 'carla@example.com', password: 'carla password 1' });
      expect(later.status).toBe(200);
    });

    it('rotates the session at sign-in: the session the browser had before stops working', async () => {
      const b = h.browser();
      await b.call((a) => a.login, 'POST', { email: 'ben@example.com', password: 'ben password 123' });
      const first = b.jar.get('session');
      await b.call((a) => a.login, 'POST', { email: 'ben@example.com', password: 'ben password 123' });
      const second = b.jar.get('session');
      expect(second).toBeDefined();
      expect(second).not.toBe(first);
      const old = h.browser();
      old.jar.set('session', first ?? '');
      expect((await old.call((a) => a.userData, 'GET')).body.user).toBeNull();
      expect((await b.call((a) => a.userData, 'GET')).body.user).toMatchObject({ email: 'ben@example.com' });
    });

    it('logout ends the session on the server, not just in the browser', async () => {
      const b = h.browser();
      await b.call((a) => a.login, 'POST', { email: 'ben@example.com', password: 'ben password 123' });
      const token = b.jar.get('session') ?? '';
      const out = await b.call((a) => a.logout, 'GET');
      expect(out.status).toBe(200);
      expect(b.jar.has('session')).toBe(false);
      expect(b.jar.has('user_id')).toBe(false);
      const replay = h.browser();
      replay.jar.set('session', token);
      expect((await replay.call((a) => a.userData, 'GET')).body.user).toBeNull();
    });

    it('never trusts the display cookies', async () => {
      const b = h.browser();
      b.jar.set('user_id', '1');
      b.jar.set('role', 'admin');
      expect((await b.call((a) => a.userData, 'GET')).body.user).toBeNull();
      expect((await b.call((a) => a.profile, 'GET')).status).toBe(401);
    });
  });

  describe('email link', () => {
    it('signs in once; the same link refused the second time', async () => {
      await signUp(h, h.browser(), 'dana@example.com');
      const res = await h.browser().call((a) => a.loginWithEmail, 'POST', { email: 'dana@example.com', ref: '/en/profile' });
      expect(res.body).toEqual({ sent: true });
      const mail = h.mails.at(-1);
      expect(mail?.text).toContain('ref=%2Fen%2Fprofile');
      const token = linkToken(h.mails, 'dana@example.com');
      expect((await h.browser().call((a) => a.otpt, 'POST', { token })).status).toBe(200);
      const again = await h.browser().call((a) => a.otpt, 'POST', { token });
      expect(again.status).toBe(401);
      expect(again.body.error).toMatchObject({ code: 'invalid_link' });
    });

    it('expires after 10 minutes', async () => {
      await h.browser().call((a) => a.loginWithEmail, 'POST', { email: 'dana@example.com' });
      const token = linkToken(h.mails, 'dana@example.com');
      h.clock.now += 10 * 60_000 + 1000;
      expect((await h.browser().call((a) => a.otpt, 'POST', { token })).status).toBe(401);
    });

    it('answers the same for an unknown email and sends nothing', async () => {
      const before = h.mails.length;
      const res = await h.browser().call((a) => a.loginWithEmail, 'POST', { email: 'ghost@example.com' });
      expect(res).toMatchObject({ status: 200, body: { sent: true } });
      expect(h.mails).toHaveLength(before);
    });

    it('limits mail requests per address to stop mail bombing', async () => {
      const b = h.browser('198.51.100.77');
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await b.call((a) => a.loginWithEmail, 'POST', { email: 'bomb@example.com' })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    });
  });

  describe('sessions', () => {
    it('a ticket link gives a temporary session (level 1) that cannot open the profile', async () => {
      const id = await signUp(h, h.browser(), 'tia@example.com');
      const token = await issueToken(h.deps, 'temp_access', { userId: id });
      const b = h.browser();
      const res = await b.call((a) => a.otpt, 'POST', { token });
      expect(res.body.user).toMatchObject({ id, isTemp: true });
      expect((await b.call((a) => a.userData, 'GET')).body.user).toMatchObject({ isTemp: true });
      expect((await b.call((a) => a.profile, 'GET')).status).toBe(401);
      expect((await b.call((a) => a.bookings, 'GET')).status).toBe(401);
    });

    it('ends after 14 idle days, and after 30 days however active', async () => {
      await signUp(h, h.browser(), 'ida@example.com', 'ida password 1');
      const idle = h.browser();
      await idle.call((a) => a.login, 'POST', { email: 'ida@example.com', password: 'ida password 1' });
      const active = h.browser();
      await active.call((a) => a.login, 'POST', { email: 'ida@example.com', password: 'ida password 1' });
      const day = 86_400_000;
      const start = h.clock.now;
      for (const days of [10, 20, 29]) {
        h.clock.now = start + days * day;
        expect((await active.call((a) => a.userData, 'GET')).body.user, `day ${days}`).not.toBeNull();
        if (days === 20) expect((await idle.call((a) => a.userData, 'GET')).body.user).toBeNull();
      }
      h.clock.now = start + 31 * day;
      expect((await active.call((a) => a.userData, 'GET')).body.user).toBeNull();
    });
  });

  describe('password reset', () => {
    it('sets a new password from the mailed link, ends every other session, and the old password stops working', async () => {
      const other = h.browser();
      await signUp(h, other, 'erik@example.com', 'old password 1');
      const before = h.mails.length;
      const unknown = await h.browser().call((a) => a.resetPassword, 'POST', { email: 'nobody-here@example.com' });
      expect(unknown).toMatchObject({ status: 200, body: { sent: true } });
      expect(h.mails).toHaveLength(before);
      const res = await h.browser().call((a) => a.resetPassword, 'POST', { email: 'erik@example.com', captcha: 'token-from-widget' });
      expect(res.body).toEqual({ sent: true });
      const token = linkToken(h.mails, 'erik@example.com', 'reset');
      const done = await h.browser().call((a) => a.resetPassword, 'POST', { token, password: 'new password 2' });
      expect(done.status).toBe(200);
      expect((await other.call((a) => a.userData, 'GET')).body.user).toBeNull();
      expect((await h.browser().call((a) => a.login, 'POST', { email: 'erik@example.com', password: 'old password 1' })).status).toBe(401);
      expect((await h.browser().call((a) => a.login, 'POST', { email: 'erik@example.com', password: 'new password 2' })).status).toBe(200);
      expect((await h.browser().call((a) => a.resetPassword, 'POST', { token, password: 'third password 3' })).status).toBe(401);
    });
  });

  describe('profile', () => {
    it('keeps saved passengers per user: nobody removes another user’s passenger', async () => {
      const fay = h.browser();
      await signUp(h, fay, 'fay@example.com');
      const gus = h.browser();
      await signUp(h, gus, 'gus@example.com');
      const added = await fay.call((a) => a.updateProfile, 'POST', { action: 'addPassenger', firstName: 'Fay', lastName: 'Lee' });
      const passengers = added.body.passengers as { id: number; full_name: string }[];
      expect(passengers.map((p) => p.full_name)).toEqual(['Fay Lee']);
      const id = passengers[0]?.id;
      const theft = await gus.call((a) => a.updateProfile, 'POST', { action: 'removePassenger', id });
      expect(theft.status).toBe(404);
      expect((await gus.call((a) => a.profile, 'GET')).body.passengers).toEqual([]);
      expect((await fay.call((a) => a.profile, 'GET')).body.passengers).toHaveLength(1);
    });

    it('changes the password only with the current one and signs out other devices', async () => {
      const laptop = h.browser();
      await signUp(h, laptop, 'hana@example.com', 'hana password 1');
      const phone = h.browser();
      await phone.call((a) => a.login, 'POST', { email: 'hana@example.com', password: 'hana password 1' });
      const refused = await laptop.call((a) => a.updateProfile, 'POST', {
        action: 'password',
        currentPassword: 'nope nope',
        newPassword: 'hana password 2',
      });
      expect(refused.status).toBe(401);
      const changed = await laptop.call((a) => a.updateProfile, 'POST', {
        action: 'password',
        currentPassword: 'hana password 1',
        newPassword: 'hana password 2',
      });
      expect(changed.status).toBe(200);
      expect((await laptop.call((a) => a.userData, 'GET')).body.user).not.toBeNull();
      expect((await phone.call((a) => a.userData, 'GET')).body.user).toBeNull();
    });

    it('changes the email after re-authentication and a link sent to the new address', async () => {
      const b = h.browser();
      await signUp(h, b, 'ivy@example.com', 'ivy password 1');
      const refused = await b.call((a) => a.updateProfile, 'POST', { action: 'email', email: 'ivy.new@example.com', password: 'wrong' });
      expect(refused.status).toBe(401);
      const asked = await b.call((a) => a.updateProfile, 'POST', {
        action: 'email',
        email: 'ivy.new@example.com',
        password: 'ivy password 1',
      });
      expect(asked.body).toEqual({ sent: true });
      await b.call((a) => a.otpt, 'POST', { token: linkToken(h.mails, 'ivy.new@example.com') });
      expect((await b.call((a) => a.profile, 'GET')).body.profile).toMatchObject({ email: 'ivy.new@example.com' });
      expect((await h.browser().call((a) => a.login, 'POST', { email: 'ivy.new@example.com', password: 'ivy password 1' })).status).toBe(
        200,
      );
    });
  });

  describe('bookings and deletion', () => {
    async function booking(
      reference: string,
      userId: number | null,
      email: string | null,
      options: { status?: 'confirmed' | 'cancelled'; leg?: { departureAt: Date; arrivalAt: Date } } = {},
    ) {
      const [cart] = await handle.db
        .insert(carts)
        .values({ hash: `cart-${reference}`, lang: 'en', currency: 'THB', people: 1 })
        .returning();
      if (options.leg) {
        const [item] = await handle.db
          .insert(cartItems)
          .values({ cartId: cart?.id ?? 0, position: 0, tripKey: `trip-${reference}`, optionIds: '1' })
          .returning();
        await handle.db.insert(cartLegs).values({
          cartItemId: item?.id ?? 0,
          legIndex: 0,
          scheduleId: network.schedule,
          travelOptionId: network.option,
          serviceDate: options.leg.departureAt.toISOString().slice(0, 10),
          departureAt: options.leg.departureAt,
          arrivalAt: options.leg.arrivalAt,
          fromStationId: network.from,
          toStationId: network.to,
          operatorId: network.operator,
          unitPriceMinor: 95000,
          currency: 'THB',
        });
      }
      await handle.db.insert(bookings).values({
        reference,
        cartId: cart?.id ?? 0,
        status: options.status ?? 'confirmed',
        userId,
        email,
        lang: 'en',
        currency: 'THB',
        people: 1,
        totalMinor: 95000,
        passengers: [{ first_name: 'Jo' }],
        holdExpiresAt: new Date(h.clock.now),
      });
    }

    it('shows a traveller their own bookings and guest bookings made with their verified email, never another user’s', async () => {
      const jo = h.browser();
      const joId = await signUp(h, jo, 'jo@example.com');
      const kim = h.browser();
      const kimId = await signUp(h, kim, 'kim@example.com');
      await booking('JO-OWN', joId, 'jo@example.com');
      await booking('JO-GUEST', null, 'jo@example.com');
      await booking('KIM-OWN', kimId, 'kim@example.com');
      const mine = (await jo.call((a) => a.bookings, 'GET')).body.bookings as { reference: string }[];
      expect(mine.map((b) => b.reference).sort()).toEqual(['JO-GUEST', 'JO-OWN']);
      const kims = (await kim.call((a) => a.bookings, 'GET')).body.bookings as { reference: string }[];
      expect(kims.map((b) => b.reference)).toEqual(['KIM-OWN']);
      expect((await h.browser().call((a) => a.bookings, 'GET')).status).toBe(401);
    });

    const network = { from: 0, to: 0, operator: 0, schedule: 0, option: 0 };
    beforeAll(async () => {
      await handle.db.insert(countries).values({ code: 'TH', slug: 'thailand', names: { en: 'Thailand' }, currency: 'THB' });
      const [province] = await handle.db
        .insert(provinces)
        .values({ slug: 'bangkok', countryCode: 'TH', names: { en: 'Bangkok' } })
        .returning();
      const [place] = await handle.db
        .insert(places)
        .values({
          slug: 'bangkok',
          kind: 'city',
          names: { en: 'Bangkok' },
          lat: 13.7,
          lon: 100.5,
          timeZone: 'Asia/Bangkok',
          provinceId: province?.id ?? 0,
          countryCode: 'TH',
        })
        .returning();
      const station = (slug: string, name: string) => ({
        slug,
        kind: 'bus_terminal' as const,
        names: { en: name, th: `สถานี ${name}` },
        lat: 13.8,
        lon: 100.5,
        placeId: place?.id ?? 0,
      });
      const [from, to] = await handle.db
        .insert(stations)
        .values([station('mo-chit', 'Mo Chit'), station('ekkamai', 'Ekkamai')])
        .returning();
      const [operator] = await handle.db
        .insert(operators)
        .values({
          slug: 'green-bus',
          name: 'Green Bus',
          logo: 'green.svg',
          vehicleClasses: ['bus'],
          confirmation: 'instant',
          currency: 'THB',
          countryCode: 'TH',
        })
        .returning();
      // A booked leg points at a real schedule and travel option (foreign keys).
      const [route] = await handle.db
        .insert(routes)
        .values({ operatorId: operator?.id ?? 0, vehicleClass: 'bus', code: 'GB1', distanceKm: 10 })
        .returning();
      const [schedule] = await handle.db
        .insert(schedules)
        .values({ routeId: route?.id ?? 0, departureMinute: 600, validFrom: '2020-01-01', validTo: '2099-12-31' })
        .returning();
      const [option] = await handle.db
        .insert(travelOptions)
        .values({
          routeId: route?.id ?? 0,
          className: 'VIP',
          priceMinor: 95000,
          currency: 'THB',
          seatsPerDeparture: 40,
          confirmation: 'instant',
          bookingCutoffMin: 30,
        })
        .returning();
      Object.assign(network, {
        from: from?.id ?? 0,
        to: to?.id ?? 0,
        operator: operator?.id ?? 0,
        schedule: schedule?.id ?? 0,
        option: option?.id ?? 0,
      });
    });

    it('lists each booking’s itinerary (stations and operator), and offers only travelled, confirmed trips for review', async () => {
      const b = h.browser();
      const id = await signUp(h, b, 'mo@example.com');
      const hour = 3_600_000;
      await booking('MO-PAST', id, 'mo@example.com', {
        leg: { departureAt: new Date(h.clock.now - 5 * hour), arrivalAt: new Date(h.clock.now - 2 * hour) },
      });
      await booking('MO-CANCELLED', id, 'mo@example.com', {
        status: 'cancelled',
        leg: { departureAt: new Date(h.clock.now - 5 * hour), arrivalAt: new Date(h.clock.now - 2 * hour) },
      });
      await booking('MO-NEXT', id, 'mo@example.com', {
        leg: { departureAt: new Date(h.clock.now + 24 * hour), arrivalAt: new Date(h.clock.now + 27 * hour) },
      });
      const list = (await b.call((a) => a.bookings, 'GET')).body.bookings as {
        reference: string;
        itinerary: { from: string; to: string; operator: string }[];
      }[];
      expect(list.find((x) => x.reference === 'MO-NEXT')?.itinerary).toEqual([
        expect.objectContaining({ from: 'Mo Chit', to: 'Ekkamai', operator: 'Green Bus' }),
      ]);
      const review = (await b.call((a) => a.review, 'GET')).body.trips as { reference: string }[];
      expect(review.map((x) => x.reference)).toEqual(['MO-PAST']);
    });

    it('a role change ends the user’s sessions, so the next sign-in gets a new session for the new role', async () => {
      const b = h.browser();
      const id = await signUp(h, b, 'ria@example.com', 'ria password 1');
      await changeRole(h.deps, id, 'reseller', staff(1));
      // Who changed it, from what to what, is kept with the account.
      const audit = await h.deps.db.select().from(userAudit).where(eq(userAudit.userId, id));
      expect(audit.map((a) => [a.action, a.fromValue, a.toValue, a.actorKind, a.actorId])).toEqual([
        ['change_role', 'user', 'reseller', 'staff', '1'],
      ]);
      expect((await b.call((a) => a.userData, 'GET')).body.user).toBeNull();
      const again = await b.call((a) => a.login, 'POST', { email: 'ria@example.com', password: 'ria password 1' });
      expect(again.body.user).toMatchObject({ role: 'reseller', isStaff: false });
      expect(again.setCookies.find((c) => c.startsWith('role='))).toMatch(/^role=reseller;/);
    });

    it('deletes an account: personal data and sessions go, bookings stay without the traveller’s details', async () => {
      const b = h.browser();
      const id = await signUp(h, b, 'leo@example.com', 'leo password 1');
      await booking('LEO-1', id, 'leo@example.com');
      // A guest booking made before the account, with the address typed in other letter case.
      await booking('LEO-GUEST', null, 'Leo@Example.com');
      expect((await b.call((a) => a.deleteProfile, 'DELETE', { password: 'wrong one' })).status).toBe(401);
      expect((await b.call((a) => a.deleteProfile, 'DELETE', { password: 'leo password 1' })).status).toBe(200);
      const [row] = await handle.db.select().from(users).where(eq(users.id, id));
      expect(row).toMatchObject({ email: null, name: '', passwordHash: null });
      expect(row?.deletedAt).not.toBeNull();
      expect(await handle.db.select().from(sessions).where(eq(sessions.userId, id))).toHaveLength(0);
      const [kept] = await handle.db.select().from(bookings).where(eq(bookings.reference, 'LEO-1'));
      expect(kept).toMatchObject({ status: 'confirmed', email: null, passengers: [] });
      const [guest] = await handle.db.select().from(bookings).where(eq(bookings.reference, 'LEO-GUEST'));
      expect(guest).toMatchObject({ email: null, passengers: [] });
      expect((await h.browser().call((a) => a.login, 'POST', { email: 'leo@example.com', password: 'leo password 1' })).status).toBe(401);
    });
  });
});
